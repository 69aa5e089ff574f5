import { RelayPool } from '@swell/client';
import { activity, cache } from '@/data/connection.ts';

let pool: RelayPool | null = null;

/** The relay pool for reading (verified events, matched to filters); sleeps with the app. */
export function relays(): RelayPool {
  if (!pool) {
    pool = new RelayPool({ sessionId: cache().sessionId });
    activity().add(pool);
  }
  return pool;
}
