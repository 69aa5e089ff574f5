// `npm run bench -- ingest [--generated=100000] [--backend=sqlite|postgres|both]`: ingestion
// throughput (verified events/s) importing real-events.jsonl (the copy in
// packages/nostr/test/vectors) and a generated set of signed events, into a fresh SQLite store
// and a fresh database on a throwaway PostgreSQL cluster. Every event goes through the full
// pipeline (checks, dedup, signature verification, storage, derived tables).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFile, openStore, type Store } from '@swell/server';
import { startPgCluster, type PgCluster } from '@swell/server/testing';
import { generateCacheData } from './lib-cache-data.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function arg(args: string[], name: string, dflt: string): string {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
}

interface Row {
  backend: string;
  dataset: string;
  events: number;
  imported: number;
  rejected: number;
  seconds: number;
}

export async function run(args: string[]): Promise<void> {
  const generated = Number(arg(args, 'generated', '100000'));
  const which = arg(args, 'backend', 'both');
  const backends = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const real = join(root, 'packages', 'nostr', 'test', 'vectors', 'real-events.jsonl');
  console.log(`generating ${generated} signed events (cached in .bench-data)...`);
  const gen = await generateCacheData(
    join(root, '.bench-data', `ingest-${generated}`),
    generated,
    Math.max(100, Math.round(generated / 50)),
    200,
    (s) => console.log(`  ${s}`),
  );
  const datasets = [
    { name: 'real-events.jsonl', file: real },
    { name: `generated ${generated}`, file: gen.file },
  ];

  const rows: Row[] = [];
  let cluster: PgCluster | undefined;
  const tmp = mkdtempSync(join(tmpdir(), 'swell-bench-ingest-'));
  try {
    for (const backend of backends) {
      for (const ds of datasets) {
        let store: Store;
        if (backend === 'postgres') {
          cluster ??= await startPgCluster();
          store = await openStore({ dataDir: tmp, databaseUrl: await cluster.createDatabase() });
        } else {
          store = await openStore({ dataDir: tmp, sqliteFile: `bench-${rows.length}.db` });
        }
        try {
          const s = await importFile(store, ds.file, { batchSize: 5000 });
          rows.push({
            backend,
            dataset: ds.name,
            events: s.lines,
            imported: s.imported,
            rejected: s.rejected,
            seconds: s.seconds,
          });
          const r = rows[rows.length - 1]!;
          console.log(
            `  ${backend.padEnd(8)} ${ds.name.padEnd(20)} ${String(r.events).padStart(7)} events in ${r.seconds.toFixed(1).padStart(6)} s = ${Math.round(r.events / r.seconds)} events/s (imported ${r.imported}, rejected ${r.rejected})`,
          );
        } finally {
          await store.close();
        }
      }
    }
  } finally {
    await cluster?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log('\n| backend | dataset | events | seconds | verified events/s |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.backend} | ${r.dataset} | ${r.events} | ${r.seconds.toFixed(1)} | ${Math.round(r.events / r.seconds)} |`,
    );
  }
}
