import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Store } from '../store/store.ts';

export interface ImportSummary {
  lines: number;
  imported: number;
  duplicates: number;
  rejected: number;
  /** Rejection reason -> count. */
  reasons: Record<string, number>;
  /** First rejected lines (line number and reason), for the report. */
  examples: Array<{ line: number; id: string | undefined; reason: string }>;
  seconds: number;
}

export interface ImportOptions {
  /** Events per ingest call (default 2000). */
  batchSize?: number;
  onProgress?: (bytesRead: number, totalBytes: number, summary: ImportSummary) => void;
}

/** A line is an event, or `{"event": {...}}` as in the vector files of invalid events. */
function lineToEvent(line: string): unknown {
  try {
    const v = JSON.parse(line) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v) && !('id' in v) && 'event' in v) {
      return (v as { event: unknown }).event;
    }
    return v;
  } catch {
    return line; // the pipeline reports it as broken JSON
  }
}

/** Imports a JSONL file of events through the ingestion pipeline, in batches. */
export async function importFile(
  store: Store,
  file: string,
  opts: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const total = statSync(file).size;
  const batchSize = opts.batchSize ?? 2000;
  const summary: ImportSummary = {
    lines: 0,
    imported: 0,
    duplicates: 0,
    rejected: 0,
    reasons: {},
    examples: [],
    seconds: 0,
  };
  const stream = createReadStream(file);
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  let batch: unknown[] = [];
  let batchFirstLine = 1;
  let lineNo = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const results = await store.ingest(batch, { source: 'import' });
    results.forEach((r, i) => {
      if (r.status === 'accepted') summary.imported++;
      else if (r.status === 'duplicate') summary.duplicates++;
      else {
        summary.rejected++;
        summary.reasons[r.reason] = (summary.reasons[r.reason] ?? 0) + 1;
        if (summary.examples.length < 20) {
          summary.examples.push({ line: batchFirstLine + i, id: r.id, reason: r.reason });
        }
      }
    });
    batch = [];
    opts.onProgress?.(stream.bytesRead, total, summary);
  };

  for await (const line of rl) {
    lineNo++;
    if (line.trim() === '') continue;
    if (batch.length === 0) batchFirstLine = lineNo;
    summary.lines++;
    batch.push(lineToEvent(line));
    // Keeps line numbers exact: blank lines only occur between batches in practice.
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
