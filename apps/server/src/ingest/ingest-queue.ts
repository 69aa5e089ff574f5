import type { NostrEvent } from '@swell/nostr';
import type { IngestOptions, IngestResult } from '../store/store.ts';
import type { SqlBackend } from '../store/sql.ts';
import { commitBatch, prepareBatch, type IngestJob, type PreparedBatch } from './ingest-batch.ts';
import type { VerifyPool } from './verify-pool.ts';

/** Events per transaction: large enough for throughput, small enough to keep loop stalls short. */
export const BATCH_SIZE = 500;

interface Pending extends IngestJob {
  results: IngestResult[];
  /** Inputs handed to a batch so far. */
  taken: number;
  /** Inputs whose batch has committed. */
  done: number;
  failed: boolean;
  resolve: (r: IngestResult[]) => void;
  reject: (err: unknown) => void;
}

interface Batch {
  parts: Array<{ p: Pending; start: number; end: number }>;
  prepared: Promise<PreparedBatch>;
}

/**
 * One writer per process: concurrent `submit` calls (relay EVENTs, imports, upstream) are
 * grouped into batches of up to BATCH_SIZE events. Batch N+1 is checked and verified (on
 * worker threads) while batch N commits; commits run one at a time, in order. A promise
 * resolves only after all its events are committed.
 */
export class IngestQueue {
  private readonly sql: SqlBackend;
  private readonly verifier: VerifyPool;
  private readonly onCommitted: (events: NostrEvent[]) => void;
  private queue: Pending[] = [];
  private running = false;

  constructor(sql: SqlBackend, verifier: VerifyPool, onCommitted: (events: NostrEvent[]) => void) {
    this.sql = sql;
    this.verifier = verifier;
    this.onCommitted = onCommitted;
  }

  submit(inputs: readonly unknown[], opts: IngestOptions = {}): Promise<IngestResult[]> {
    if (inputs.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const p: Pending = {
        inputs,
        opts,
        results: [],
        taken: 0,
        done: 0,
        failed: false,
        resolve,
        reject,
      };
      this.queue.push(p);
      if (!this.running) void this.drain();
    });
  }

  /** Takes up to BATCH_SIZE not-yet-taken inputs and starts preparing them. */
  private take(): Batch | undefined {
    const parts: Batch['parts'] = [];
    let room = BATCH_SIZE;
    for (const p of this.queue) {
      if (room === 0) break;
      if (p.failed || p.taken >= p.inputs.length) continue;
      const start = p.taken;
      const end = Math.min(p.inputs.length, start + room);
      p.taken = end;
      parts.push({ p, start, end });
      room -= end - start;
    }
    if (parts.length === 0) return undefined;
    const jobs = parts.map(({ p, start, end }) => ({
      inputs: p.inputs.slice(start, end),
      opts: p.opts,
    }));
    const prepared = prepareBatch(this.sql, this.verifier, jobs);
    prepared.catch(() => undefined); // handled when awaited
    return { parts, prepared };
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      let current = this.take();
      while (current) {
        let next: Batch | undefined;
        try {
          const prepared = await current.prepared;
          next = this.take(); // verify the next batch while this one commits
          const { results, committed } = await commitBatch(this.sql, prepared);
          current.parts.forEach(({ p, end }, k) => {
            if (p.failed) return;
            p.results.push(...results[k]!);
            p.done = end;
          });
          if (committed.length > 0) {
            try {
              this.onCommitted(committed);
            } catch {
              // Listeners must not fail ingestion.
            }
          }
        } catch (err) {
          for (const { p } of current.parts) {
            if (p.failed) continue;
            p.failed = true;
            p.reject(err);
          }
        }
        const finished = this.queue.filter((p) => p.failed || p.done >= p.inputs.length);
        this.queue = this.queue.filter((p) => !p.failed && p.done < p.inputs.length);
        for (const p of finished) if (!p.failed) p.resolve(p.results);
        // Let sockets and timers run between batches.
        await new Promise<void>((r) => setImmediate(r));
        current = next ?? this.take();
      }
    } finally {
      this.running = false;
    }
  }
}
