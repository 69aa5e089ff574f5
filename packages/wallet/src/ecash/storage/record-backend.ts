/** The wallet's record stores (one IndexedDB object store each). */
export const RECORD_STORES = [
  'meta',
  'counters',
  'proofs',
  'history',
  'operations',
  'mints',
] as const;
export type RecordStore = (typeof RECORD_STORES)[number];

/** One write of a batch: `value: null` deletes the record. */
export interface RecordWrite {
  store: RecordStore;
  key: string;
  value: string | null;
}

/** A precondition of a batch: the record's current value (`undefined`: the record is absent). */
export interface RecordExpectation {
  store: RecordStore;
  key: string;
  value: string | undefined;
}

/**
 * Where the wallet's records live: string keys to opaque string values (encrypted or JSON). The
 * one primitive that matters is `write`: all or nothing, and only if every expectation holds, so
 * counters can be reserved with compare-and-set even though decryption happens outside any
 * transaction.
 */
export interface RecordBackend {
  get(store: RecordStore, key: string): Promise<string | undefined>;
  getAll(store: RecordStore): Promise<Array<{ key: string; value: string }>>;
  /** Applies every write atomically if every expectation holds; false (nothing written) if not. */
  write(writes: readonly RecordWrite[], expect?: readonly RecordExpectation[]): Promise<boolean>;
  close(): void;
}
