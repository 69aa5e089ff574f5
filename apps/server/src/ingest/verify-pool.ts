import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { verifyEvent, type NostrEvent } from '@swell/nostr';

/** Batches this small are verified on the calling thread (a round trip costs more). */
const INLINE_MAX = 8;

interface Pending {
  resolve: (ok: boolean[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Signature verification on worker threads, so bulk ingestion uses every core and the event
 * loop stays responsive. Falls back to the calling thread when workers cannot start.
 */
export class VerifyPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private next = 0;
  private broken = false;
  /** Batches answered by a worker (for tests and diagnostics). */
  workersUsed = 0;

  constructor(size = Math.max(1, Math.min(4, availableParallelism()))) {
    for (let i = 0; i < size; i++) {
      try {
        const w = new Worker(new URL('./verify-worker.ts', import.meta.url));
        w.unref();
        w.on('message', (m: { id?: number; ok?: boolean[] }) => {
          if (m.id === undefined || !m.ok) return;
          const p = this.pending.get(m.id);
          this.pending.delete(m.id);
          this.workersUsed++;
          p?.resolve(m.ok);
        });
        w.on('error', (err) => this.fail(err));
        this.workers.push(w);
      } catch {
        this.broken = true;
      }
    }
  }

  private fail(err: unknown): void {
    this.broken = true;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private run(worker: Worker, events: NostrEvent[]): Promise<boolean[]> {
    return new Promise((resolve, reject) => {
      const id = ++this.seq;
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, events });
    });
  }

  /** One boolean per event: id and signature are valid. */
  async verify(events: readonly NostrEvent[]): Promise<boolean[]> {
    if (events.length <= INLINE_MAX || this.broken || this.workers.length === 0) {
      return events.map((e) => verifyEvent(e));
    }
    const n = this.workers.length;
    const size = Math.ceil(events.length / n);
    const parts: Promise<boolean[]>[] = [];
    for (let i = 0; i < events.length; i += size) {
      const worker = this.workers[this.next++ % n]!;
      parts.push(this.run(worker, events.slice(i, i + size)));
    }
    try {
      return (await Promise.all(parts)).flat();
    } catch {
      return events.map((e) => verifyEvent(e));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}
