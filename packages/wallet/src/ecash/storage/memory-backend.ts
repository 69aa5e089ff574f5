import {
  RECORD_STORES,
  type RecordBackend,
  type RecordExpectation,
  type RecordStore,
  type RecordWrite,
} from './record-backend.ts';

/**
 * Records in memory, for tests and for a wallet that must leave no trace. Survives as long as
 * the object: open a second wallet on the same backend to simulate a restart.
 */
export class MemoryBackend implements RecordBackend {
  private readonly stores = new Map<RecordStore, Map<string, string>>(
    RECORD_STORES.map((s) => [s, new Map()]),
  );

  private store(name: RecordStore): Map<string, string> {
    const s = this.stores.get(name);
    if (!s) throw new Error(`unknown record store ${name}`);
    return s;
  }

  async get(store: RecordStore, key: string): Promise<string | undefined> {
    return this.store(store).get(key);
  }

  async getAll(store: RecordStore): Promise<Array<{ key: string; value: string }>> {
    return [...this.store(store)].map(([key, value]) => ({ key, value }));
  }

  async write(
    writes: readonly RecordWrite[],
    expect: readonly RecordExpectation[] = [],
  ): Promise<boolean> {
    for (const e of expect) if (this.store(e.store).get(e.key) !== e.value) return false;
    for (const w of writes) {
      if (w.value === null) this.store(w.store).delete(w.key);
      else this.store(w.store).set(w.key, w.value);
    }
    return true;
  }

  close(): void {}
}
