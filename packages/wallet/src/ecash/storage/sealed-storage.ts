import { EcashError, ecashMessages } from '../errors.ts';
import { proofKey } from '../proof.ts';
import { SEALED_PREFIX, type Cipher } from './cipher.ts';
import { IndexedDbBackend } from './indexeddb-backend.ts';
import { MemoryBackend } from './memory-backend.ts';
import {
  RECORD_STORES,
  type RecordBackend,
  type RecordStore,
  type RecordWrite,
} from './record-backend.ts';
import type {
  CounterRange,
  HistoryEntry,
  MintRecord,
  PendingOperation,
  StoredProof,
  WalletChange,
  WalletStorage,
} from './wallet-storage.ts';

export interface WalletStorageOptions {
  /**
   * Encrypts every record at rest (the client passes the PIN-protected key's cipher when a PIN is
   * set). Without it records are plain JSON, like the secret key without a PIN.
   */
  cipher?: Cipher | null;
}

const MNEMONIC_KEY = 'mnemonic';
const CAS_ATTEMPTS = 50;

/**
 * `WalletStorage` over a `RecordBackend`: every value is JSON, sealed with the cipher when one is
 * given. Counters are reserved by compare-and-set (read, decrypt, write only if unchanged), since
 * an IndexedDB transaction cannot wait for WebCrypto.
 */
export class SealedWalletStorage implements WalletStorage {
  private readonly backend: RecordBackend;
  private cipher: Cipher | null;

  constructor(backend: RecordBackend, options: WalletStorageOptions = {}) {
    this.backend = backend;
    this.cipher = options.cipher ?? null;
  }

  private async seal(value: unknown): Promise<string> {
    const json = JSON.stringify(value);
    return this.cipher ? this.cipher.encrypt(json) : json;
  }

  private async open<T>(raw: string, cipher: Cipher | null = this.cipher): Promise<T> {
    if (!raw.startsWith(SEALED_PREFIX)) return JSON.parse(raw) as T;
    if (!cipher) throw new EcashError('locked', ecashMessages.locked);
    let plain: string;
    try {
      plain = await cipher.decrypt(raw);
    } catch (err) {
      throw new EcashError('locked', ecashMessages.locked, { cause: err });
    }
    return JSON.parse(plain) as T;
  }

  private async all<T>(store: RecordStore): Promise<T[]> {
    const rows = await this.backend.getAll(store);
    return Promise.all(rows.map((r) => this.open<T>(r.value)));
  }

  async getMnemonic(): Promise<string | undefined> {
    const raw = await this.backend.get('meta', MNEMONIC_KEY);
    return raw === undefined ? undefined : this.open<string>(raw);
  }

  async setMnemonic(mnemonic: string): Promise<void> {
    await this.backend.write([
      { store: 'meta', key: MNEMONIC_KEY, value: await this.seal(mnemonic) },
    ]);
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    if (key === MNEMONIC_KEY) throw new Error('the mnemonic has its own methods');
    const raw = await this.backend.get('meta', key);
    return raw === undefined ? undefined : this.open<T>(raw);
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    if (key === MNEMONIC_KEY) throw new Error('the mnemonic has its own methods');
    await this.backend.write([{ store: 'meta', key, value: await this.seal(value) }]);
  }

  /** Read-modify-write of one counter until no other writer got in between. */
  private async updateCounter(
    seedId: string,
    keysetId: string,
    update: (next: number) => { next: number; result: CounterRange } | null,
  ): Promise<CounterRange> {
    const key = `${seedId}/${keysetId}`;
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const raw = await this.backend.get('counters', key);
      const next = raw === undefined ? 0 : (await this.open<{ next: number }>(raw)).next;
      const change = update(next);
      if (!change) return { start: next, count: 0 };
      const value = await this.seal({ next: change.next });
      const ok = await this.backend.write(
        [{ store: 'counters', key, value }],
        [{ store: 'counters', key, value: raw }],
      );
      if (ok) return change.result;
    }
    throw new Error('could not reserve counters: the store keeps changing');
  }

  reserveCounters(seedId: string, keysetId: string, count: number): Promise<CounterRange> {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('bad counter count');
    return this.updateCounter(seedId, keysetId, (next) =>
      count === 0 ? null : { next: next + count, result: { start: next, count } },
    );
  }

  reserveCountersAt(
    seedId: string,
    keysetId: string,
    start: number,
    count: number,
  ): Promise<CounterRange> {
    if (!Number.isSafeInteger(start) || start < 0 || !Number.isSafeInteger(count) || count < 0) {
      throw new RangeError('bad counter range');
    }
    return this.updateCounter(seedId, keysetId, (next) => {
      if (start < next) {
        throw new Error(`counters from ${start} were already issued (next is ${next})`);
      }
      return { next: start + count, result: { start, count } };
    });
  }

  async advanceCounter(seedId: string, keysetId: string, minNext: number): Promise<void> {
    await this.updateCounter(seedId, keysetId, (next) =>
      minNext > next ? { next: minNext, result: { start: minNext, count: 0 } } : null,
    );
  }

  async counters(seedId: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const row of await this.backend.getAll('counters')) {
      const [seed, keysetId] = row.key.split('/');
      if (seed !== seedId || !keysetId) continue;
      out[keysetId] = (await this.open<{ next: number }>(row.value)).next;
    }
    return out;
  }

  proofs(): Promise<StoredProof[]> {
    return this.all<StoredProof>('proofs');
  }

  async history(): Promise<HistoryEntry[]> {
    const entries = await this.all<HistoryEntry>('history');
    return entries.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
  }

  operations(): Promise<PendingOperation[]> {
    return this.all<PendingOperation>('operations');
  }

  mints(): Promise<MintRecord[]> {
    return this.all<MintRecord>('mints');
  }

  async commit(change: WalletChange): Promise<void> {
    const writes: RecordWrite[] = [];
    const put = async (store: RecordStore, key: string, value: unknown) =>
      writes.push({ store, key, value: await this.seal(value) });
    for (const secret of change.deleteProofs ?? []) {
      writes.push({ store: 'proofs', key: proofKey(secret), value: null });
    }
    for (const p of change.putProofs ?? []) await put('proofs', proofKey(p.secret), p);
    for (const id of change.deleteHistory ?? []) {
      writes.push({ store: 'history', key: id, value: null });
    }
    for (const h of change.putHistory ?? []) await put('history', h.id, h);
    for (const id of change.deleteOperations ?? []) {
      writes.push({ store: 'operations', key: id, value: null });
    }
    for (const op of change.putOperations ?? []) await put('operations', op.id, op);
    for (const url of change.deleteMints ?? [])
      writes.push({ store: 'mints', key: url, value: null });
    for (const m of change.putMints ?? []) await put('mints', m.url, m);
    if (writes.length > 0) await this.backend.write(writes);
  }

  async rekey(cipher: Cipher | null): Promise<void> {
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const writes: RecordWrite[] = [];
      const expect: Array<{ store: RecordStore; key: string; value: string }> = [];
      for (const store of RECORD_STORES) {
        for (const row of await this.backend.getAll(store)) {
          const value = await this.open<unknown>(row.value);
          const json = JSON.stringify(value);
          writes.push({ store, key: row.key, value: cipher ? await cipher.encrypt(json) : json });
          expect.push({ store, key: row.key, value: row.value });
        }
      }
      if (await this.backend.write(writes, expect)) {
        this.cipher = cipher;
        return;
      }
    }
    throw new Error('could not re-encrypt the wallet: the store keeps changing');
  }

  close(): void {
    this.backend.close();
  }
}

/** Wallet state in memory (tests; a wallet that must leave no trace). */
export class MemoryWalletStorage extends SealedWalletStorage {
  constructor(options: WalletStorageOptions & { backend?: MemoryBackend } = {}) {
    super(options.backend ?? new MemoryBackend(), options);
  }
}

/** Wallet state in IndexedDB, database `swell-wallet` unless named. */
export class IndexedDbWalletStorage extends SealedWalletStorage {
  static async open(
    options: WalletStorageOptions & { name?: string } = {},
  ): Promise<IndexedDbWalletStorage> {
    const backend = await IndexedDbBackend.open(options.name ?? 'swell-wallet');
    return new IndexedDbWalletStorage(backend, options);
  }
}
