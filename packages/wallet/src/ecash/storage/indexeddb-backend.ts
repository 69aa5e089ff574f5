import { openDB, type IDBPDatabase } from 'idb';
import {
  RECORD_STORES,
  type RecordBackend,
  type RecordExpectation,
  type RecordStore,
  type RecordWrite,
} from './record-backend.ts';

const VERSION = 1;

/**
 * Records in IndexedDB (the `idb` wrapper): one object store per record kind, out-of-line string
 * keys, string values. A batch is one readwrite transaction over the stores it touches; its
 * expectations are read inside the same transaction, so compare-and-set is atomic across tabs.
 */
export class IndexedDbBackend implements RecordBackend {
  private readonly db: IDBPDatabase;

  private constructor(db: IDBPDatabase) {
    this.db = db;
  }

  /** Opens (creating or upgrading) the database `name` of the global `indexedDB`. */
  static async open(name: string): Promise<IndexedDbBackend> {
    const db: IDBPDatabase = await openDB(name, VERSION, {
      upgrade(database) {
        for (const store of RECORD_STORES) {
          if (!database.objectStoreNames.contains(store)) database.createObjectStore(store);
        }
      },
      blocking() {
        // A newer version in another tab wants to upgrade: let it (this tab reopens on reload).
        db.close();
      },
    });
    return new IndexedDbBackend(db);
  }

  async get(store: RecordStore, key: string): Promise<string | undefined> {
    return (await this.db.get(store, key)) as string | undefined;
  }

  async getAll(store: RecordStore): Promise<Array<{ key: string; value: string }>> {
    const tx = this.db.transaction(store, 'readonly');
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    await tx.done;
    return keys.map((key, i) => ({ key: String(key), value: values[i] as string }));
  }

  async write(
    writes: readonly RecordWrite[],
    expect: readonly RecordExpectation[] = [],
  ): Promise<boolean> {
    const stores = [...new Set([...writes, ...expect].map((w) => w.store))];
    if (stores.length === 0) return true;
    const tx = this.db.transaction(stores, 'readwrite');
    const current = await Promise.all(expect.map((e) => tx.objectStore(e.store).get(e.key)));
    if (expect.some((e, i) => current[i] !== e.value)) {
      tx.abort();
      await tx.done.catch(() => undefined);
      return false;
    }
    await Promise.all(
      writes.map((w) =>
        w.value === null
          ? tx.objectStore(w.store).delete(w.key)
          : tx.objectStore(w.store).put(w.value, w.key),
      ),
    );
    await tx.done;
    return true;
  }

  close(): void {
    this.db.close();
  }
}
