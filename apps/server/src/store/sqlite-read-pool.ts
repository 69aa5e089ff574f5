import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

interface Pending {
  resolve: (rows: unknown[] | undefined) => void;
  reject: (err: Error) => void;
}

interface Reader {
  worker: Worker;
  busy: number;
}

/** Default number of reader threads: one per core, at most 4. */
export function defaultReadThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Read-only statements on worker threads, each with its own connection to the SQLite file, so
 * the cache API's and the relay's reads neither block the event loop nor wait behind an
 * ingestion transaction (WAL: a reader sees the last commit). `query` resolves `undefined`
 * when the statement is not a pure read; the caller runs it on the main connection.
 */
export class SqliteReadPool {
  private readonly readers: Reader[] = [];
  private readonly pending = new Map<number, Pending & { reader: Reader }>();
  private seq = 0;
  private closed = false;
  /** Statements answered by a reader thread (tests and diagnostics). */
  answered = 0;

  constructor(file: string, size = defaultReadThreads()) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./sqlite-read-worker.ts', import.meta.url), {
        workerData: { file },
      });
      worker.unref();
      const reader: Reader = { worker, busy: 0 };
      worker.on('message', (m: { id: number; rows?: unknown[]; write?: true; error?: string }) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        reader.busy--;
        if (m.rows) this.answered++;
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve(m.write ? undefined : m.rows);
      });
      worker.on('error', (err) => this.drop(reader, err));
      worker.on('exit', () => this.drop(reader, new Error('reader thread exited')));
      this.readers.push(reader);
    }
  }

  /** Reader threads alive (tests). */
  get size(): number {
    return this.readers.length;
  }

  private drop(reader: Reader, err: Error): void {
    const i = this.readers.indexOf(reader);
    if (i >= 0) this.readers.splice(i, 1);
    for (const [id, p] of this.pending) {
      if (p.reader !== reader) continue;
      this.pending.delete(id);
      // Not answered by a reader: the caller runs it on the main connection.
      if (this.closed) p.reject(err);
      else p.resolve(undefined);
    }
  }

  /** Rows of a read-only statement, or undefined when no reader can run it. */
  query(sql: string, params: readonly unknown[]): Promise<unknown[] | undefined> {
    if (this.readers.length === 0) return Promise.resolve(undefined);
    let reader = this.readers[0]!;
    for (const r of this.readers) if (r.busy < reader.busy) reader = r;
    const id = ++this.seq;
    reader.busy++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, reader });
      reader.worker.postMessage({ id, sql, params });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const readers = this.readers.splice(0);
    await Promise.all(readers.map((r) => r.worker.terminate()));
  }
}
