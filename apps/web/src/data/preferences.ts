import type { UserRecord } from '@swell/client';
import { records } from '@/data/records.ts';
import { session } from '@/data/session.ts';

/** Reads a field of the per-user local record (spec section 3); guests have their own record. */
export function readPreference<K extends keyof UserRecord>(
  key: K,
  pubkey = session.get().pubkey,
): UserRecord[K] {
  return records().get(pubkey)[key];
}

export function writePreference<K extends keyof UserRecord>(
  key: K,
  value: UserRecord[K],
  pubkey = session.get().pubkey,
): void {
  records().update(pubkey, { [key]: value } as Partial<UserRecord>);
}
