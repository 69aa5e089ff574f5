import type { NostrEvent } from '@swell/nostr';
import type { IngestOptions, IngestResult } from '../store/store.ts';
import type { SqlBackend } from '../store/sql.ts';
import { ingestBatch, type IngestJob } from './ingest-batch.ts';

/** Events per transaction: large enough for throughput, small enough to keep loop stalls short. */
export const BATCH_SIZE = 500;

interface Pending extends IngestJob {
  results: IngestResult[];
  done: number;
  resolve: (r: IngestResult[]) => void;
  reject: (err: unknown) => void;
}

/**
 * One writer per process: concurrent `submit` calls (relay EVENTs, imports, upstream) are
 * grouped into batches of up to BATCH_SIZE events and committed one transaction at a time.
 * A promise resolves only after its events are committed.
 */
export class IngestQueue {
  private readonly sql: SqlBackend;
  private readonly onCommitted: (events: NostrEvent[]) => void;
  private queue: Pending[] = [];
  private running = false;

  constructor(sql: SqlBackend, onCommitted: (events: NostrEvent[]) => void) {
    this.sql = sql;
    this.onCommitted = onCommitted;
  }

  submit(inputs: readonly unknown[], opts: IngestOptions = {}): Promise<IngestResult[]> {
    if (inputs.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ inputs, opts, results: [], done: 0, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        // Take up to BATCH_SIZE events, splitting a large job across batches.
        const parts: Array<{ p: Pending; start: number; end: number }> = [];
        let room = BATCH_SIZE;
        for (const p of this.queue) {
          if (room === 0) break;
          const start = p.done;
          const end = Math.min(p.inputs.length, start + room);
          parts.push({ p, start, end });
          room -= end - start;
        }
        const jobs = parts.map(({ p, start, end }) => ({
          inputs: p.inputs.slice(start, end),
          opts: p.opts,
        }));
        try {
          const { results, committed } = await ingestBatch(this.sql, jobs);
          parts.forEach(({ p, end }, k) => {
            p.results.push(...results[k]!);
            p.done = end;
          });
          if (committed.length > 0) this.onCommitted(committed);
        } catch (err) {
          for (const { p } of parts) {
            p.done = p.inputs.length;
            p.reject(err);
          }
        }
        const finished = this.queue.filter((p) => p.done >= p.inputs.length);
        this.queue = this.queue.filter((p) => p.done < p.inputs.length);
        for (const p of finished) if (p.results.length === p.inputs.length) p.resolve(p.results);
        // Let sockets and timers run between batches.
        await new Promise<void>((r) => setImmediate(r));
      }
    } finally {
      this.running = false;
    }
  }
}
