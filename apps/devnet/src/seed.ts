import type { DevnetHost } from './host.ts';
import { generateNetwork, type NetworkOptions } from './generate-network.ts';

export interface SeedReport {
  events: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  generateSeconds: number;
  importSeconds: number;
  /** The first few rejection messages, for the log. */
  rejections: string[];
}

const BATCH = 2000;

/**
 * Generates the demo network for this server (its URL for media, relay, nip05 and lud16; now as
 * the anchor, so the network looks alive) and ingests it in large batches.
 */
export async function seedDemoNetwork(host: DevnetHost, opts: NetworkOptions): Promise<SeedReport> {
  const t0 = performance.now();
  const { events } = await generateNetwork(opts);
  const t1 = performance.now();
  const report: SeedReport = {
    events: events.length,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    generateSeconds: (t1 - t0) / 1000,
    importSeconds: 0,
    rejections: [],
  };
  for (let i = 0; i < events.length; i += BATCH) {
    for (const r of await host.ingest(events.slice(i, i + BATCH), { source: 'demo' })) {
      if (r.status === 'accepted') report.accepted++;
      else if (r.status === 'duplicate') report.duplicates++;
      else {
        report.rejected++;
        if (report.rejections.length < 5) report.rejections.push(r.message);
      }
    }
  }
  report.importSeconds = (performance.now() - t1) / 1000;
  return report;
}

/** The URL to put in demo events for a server listening on `url` (0.0.0.0 is not reachable). */
export function publicBaseUrl(url: string): string {
  return url.replace('//0.0.0.0', '//127.0.0.1').replace('//[::]', '//127.0.0.1');
}
