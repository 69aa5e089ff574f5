import { Worker } from 'node:worker_threads';
import type { NostrEvent } from '@swell/nostr';
import type { DevnetHost } from './host.ts';
import type { NetworkOptions } from './generate-network.ts';

export interface SeedReport {
  events: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Wall time until the generator finished (it runs alongside the import). */
  generateSeconds: number;
  /** Wall time of the whole seeding: generation and import overlap. */
  totalSeconds: number;
  /** The first few rejection messages, for the log. */
  rejections: string[];
}

// Small enough that one batch does not stall the event loop for long (the server is already listening).
const BATCH = 500;

type WorkerMessage = { type: 'events'; events: NostrEvent[] } | { type: 'done'; total: number };

/**
 * Generates the demo network in a worker thread and ingests each stage's events in large
 * batches as they arrive, so generating and importing overlap (two cores instead of one).
 * Stages come in dependency order (profiles, follows, ..., notes, deletions, replies, reactions,
 * zaps, ...), so everything an event refers to is already imported.
 */
export async function seedDemoNetwork(
  host: DevnetHost,
  opts: Omit<NetworkOptions, 'onEvents'>,
): Promise<SeedReport> {
  const started = performance.now();
  const report: SeedReport = {
    events: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    generateSeconds: 0,
    totalSeconds: 0,
    rejections: [],
  };
  const pending: NostrEvent[][] = [];
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const worker = new Worker(new URL('./seed-worker.ts', import.meta.url), { workerData: opts });
  worker.on('message', (msg: WorkerMessage) => {
    if (msg.type === 'events') pending.push(msg.events);
    else {
      done = true;
      report.generateSeconds = (performance.now() - started) / 1000;
    }
    wake?.();
  });
  worker.on('error', (err) => {
    failure = err;
    wake?.();
  });
  worker.on('exit', (code) => {
    if (!done && !failure) failure = new Error(`demo network generator exited with code ${code}`);
    wake?.();
  });
  try {
    for (;;) {
      const chunk = pending.shift();
      if (chunk) {
        for (let i = 0; i < chunk.length; i += BATCH) {
          const batch = chunk.slice(i, i + BATCH);
          report.events += batch.length;
          for (const r of await host.ingest(batch, { source: 'demo' })) {
            if (r.status === 'accepted') report.accepted++;
            else if (r.status === 'duplicate') report.duplicates++;
            else {
              report.rejected++;
              if (report.rejections.length < 5) report.rejections.push(r.message);
            }
          }
        }
        continue;
      }
      if (failure) throw failure;
      if (done) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    await worker.terminate();
  }
  report.totalSeconds = (performance.now() - started) / 1000;
  return report;
}

/** The URL to put in demo events for a server listening on `url` (0.0.0.0 is not reachable). */
export function publicBaseUrl(url: string): string {
  return url.replace('//0.0.0.0', '//127.0.0.1').replace('//[::]', '//127.0.0.1');
}
