import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { NostrEvent } from '@swell/nostr';

/** One signed event waiting for a relay's OK, as stored. */
export interface OutboxRecord {
  id: string;
  event: NostrEvent;
  /** Relays chosen when it was signed (write relays and hints). */
  relays: string[];
  /** When it was signed and stored (ms). */
  addedAt: number;
  attempts: number;
  /** `failed` after an attempt without any OK; `sending` while an attempt runs. */
  status: 'sending' | 'failed';
  /** Relay url -> the reason of the last attempt (refusal, 'timeout', connection failure). */
  lastErrors: Record<string, string>;
  /** 'timeout' (no relay confirmed) or 'failed' (every relay refused) of the last attempt. */
  lastOutcome?: 'timeout' | 'failed';
  /** When the next automatic attempt is due (ms); null: only on the user's retry. */
  nextAttemptAt: number | null;
  /** The tab sending it and until when that claim holds (so two tabs never both send it). */
  claimedBy?: string;
  claimedUntil?: number;
}

/** The sender lease of the fallback lock (lease-sender-lock.ts). */
export interface LeaseRecord {
  name: string;
  owner: string;
  expires: number;
}

interface OutboxSchema extends DBSchema {
  events: { key: string; value: OutboxRecord };
  leases: { key: string; value: LeaseRecord };
}

export type OutboxDatabase = IDBPDatabase<OutboxSchema>;

export const defaultOutboxDbName = 'swell-outbox';

/**
 * Opens (creating on first use) the outbox database in IndexedDB through `idb`. `factory` is
 * the browser's `indexedDB` by default; tests pass fake-indexeddb's.
 */
export async function openOutboxDatabase(
  name = defaultOutboxDbName,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<OutboxDatabase> {
  if (!factory) throw new Error('IndexedDB is not available');
  const request = factory.open(name, 1);
  request.addEventListener('upgradeneeded', () => {
    const db = request.result;
    if (!db.objectStoreNames.contains('events')) db.createObjectStore('events', { keyPath: 'id' });
    if (!db.objectStoreNames.contains('leases'))
      db.createObjectStore('leases', { keyPath: 'name' });
  });
  const db = (await wrap(request)) as unknown as OutboxDatabase;
  // Another tab upgrading the schema: step aside instead of blocking it.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
