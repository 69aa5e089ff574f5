import type { UserRecordStore } from '@swell/client';
import { swell } from '@/data/client.ts';

/** Per-user local records (spec section 3), one key per public key; guests share one. */
export function records(): UserRecordStore {
  return swell().records;
}
