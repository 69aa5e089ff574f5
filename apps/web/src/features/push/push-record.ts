import { readLocal, writeLocal } from '@/lib/storage.ts';

/**
 * What this browser remembers of Web Push per user (localStorage, no secret): the endpoint it
 * registered for them (to notice a subscription the push service renewed, and to remove it on
 * sign-out) and how many devices they had when last seen (focus reports are only worth a
 * signature when some device may be pushed to).
 */
export interface PushRecord {
  /** This browser's endpoint as registered on the server for this user. */
  endpoint?: string;
  /** The user's devices on the server when last listed (this one included). */
  devices: number;
}

/** (app/main-layout.tsx reads it too, to load the push part only for a user who has it.) */
const KEY = 'swell.push';

function readAll(): Record<string, PushRecord> {
  try {
    const value = JSON.parse(readLocal(KEY) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, PushRecord>) : {};
  } catch {
    return {};
  }
}

export function pushRecord(pubkey: string): PushRecord | undefined {
  const record = readAll()[pubkey];
  return record && typeof record.devices === 'number' ? record : undefined;
}

/** Stores (or, with null, forgets) the user's record. */
export function setPushRecord(pubkey: string, record: PushRecord | null): void {
  const all = readAll();
  if (record && (record.endpoint || record.devices > 0)) all[pubkey] = record;
  else delete all[pubkey];
  writeLocal(KEY, Object.keys(all).length ? JSON.stringify(all) : null);
}
