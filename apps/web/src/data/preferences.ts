import { session } from '@/data/session.ts';
import { readLocal, writeLocal } from '@/lib/storage.ts';

/**
 * Small preferences kept per user (spec section 3, per-user local record) or, for guests,
 * under a guest key.
 */
export function readPreference(key: string, pubkey = session.get().pubkey): string | null {
  return readLocal(pubkey ? `swell.user.${pubkey}.${key}` : `swell.guest.${key}`);
}

export function writePreference(key: string, value: string, pubkey = session.get().pubkey): void {
  writeLocal(pubkey ? `swell.user.${pubkey}.${key}` : `swell.guest.${key}`, value);
}
