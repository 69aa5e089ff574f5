import { Worker } from 'node:worker_threads';
import type { NostrEvent } from '@swell/nostr';
import type { SeedHost } from './host.ts';
import { demoAccounts } from './demo-accounts.ts';
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
  /** NIP-05 names registered for the demo profiles. */
  names: number;
}

/** How far seeding has come, for a progress bar. */
export interface SeedProgress {
  /**
   * 0 to 1, by the generator's stages (each stage counts the same, however many events it
   * makes), the current stage by its share of events ingested. Never goes back.
   */
  fraction: number;
  /** Events the generator has made so far (the final total once `generating` is false). */
  generated: number;
  /** Events ingested so far. */
  ingested: number;
  generating: boolean;
}

// Small enough that one batch does not stall the event loop for long (the server is already listening).
const BATCH = 500;

type DemoName = { name: string; pubkey: string };
interface Stage {
  events: NostrEvent[];
  stage: { done: number; total: number };
}
type WorkerMessage =
  | ({ type: 'events' } & Stage)
  | { type: 'names'; names: DemoName[] }
  | { type: 'done'; total: number };

/** The demo's default account (guests see its follows): alice. */
export const DEMO_DEFAULT_ACCOUNT = demoAccounts[0]!.pubkey;

/**
 * Generates the demo network in a worker thread and ingests each stage's events in large
 * batches as they arrive, so generating and importing overlap (two cores instead of one).
 * Stages come in dependency order (profiles, follows, ..., notes, deletions, replies, reactions,
 * zaps, ...), so everything an event refers to is already imported. The names the profiles
 * claim are registered in the server's name registry as soon as the profiles exist (a claim in
 * a kind 0 alone never gives a name), and alice becomes the server's default account.
 */
export async function seedDemoNetwork(
  host: SeedHost,
  opts: Omit<NetworkOptions, 'onEvents' | 'onNames'>,
  onProgress?: (progress: SeedProgress) => void,
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
    names: 0,
  };
  await host.settings.setDefaultAccount(DEMO_DEFAULT_ACCOUNT);
  const pending: Stage[] = [];
  let names: DemoName[] | undefined;
  let generated = 0;
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let fraction = 0;
  const progress = () =>
    onProgress?.({ fraction, generated, ingested: report.events, generating: !done && !failure });
  const worker = new Worker(new URL('./seed-worker.ts', import.meta.url), { workerData: opts });
  worker.on('message', (msg: WorkerMessage) => {
    if (msg.type === 'events') {
      pending.push(msg);
      generated += msg.events.length;
    } else if (msg.type === 'names') names = msg.names;
    else {
      done = true;
      report.generateSeconds = (performance.now() - started) / 1000;
    }
    progress();
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
      if (names) {
        const todo = names;
        names = undefined;
        for (const n of todo) {
          try {
            await host.names.register(n.name, n.pubkey);
            report.names++;
          } catch (err) {
            host.log.warn({ err, name: n.name }, 'demo name not registered');
          }
        }
      }
      const next = pending.shift();
      if (next) {
        const { events: chunk, stage } = next;
        const stageShare = (i: number) =>
          (stage.done - 1 + (chunk.length ? i / chunk.length : 1)) / stage.total;
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
          fraction = stageShare(i + batch.length);
          progress();
        }
        fraction = stageShare(chunk.length);
        progress();
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
