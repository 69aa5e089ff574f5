// `npm run import -- FILE.jsonl [--DATABASE_URL=...] [--SWELL_DATA=...]`: imports events into the
// configured store with a progress bar, then prints a summary (imported, duplicates, rejected
// with reasons). Exit code 1 when the file cannot be read.
import { SingleBar } from 'cli-progress';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { openStore } from '../store/open-store.ts';
import { importFile, type ImportSummary } from './import-file.ts';

export function formatSummary(file: string, s: ImportSummary): string {
  const rate = s.seconds > 0 ? Math.round((s.imported + s.duplicates + s.rejected) / s.seconds) : 0;
  const lines = [
    `import of ${file}: ${s.lines} events in ${s.seconds.toFixed(1)} s (${rate} events/s)`,
    `  imported:   ${s.imported}`,
    `  duplicates: ${s.duplicates}`,
    `  rejected:   ${s.rejected}`,
  ];
  for (const [reason, n] of Object.entries(s.reasons).sort((a, b) => b[1] - a[1])) {
    lines.push(`    ${n} x ${reason}`);
  }
  if (s.examples.length) {
    lines.push('  first rejected lines:');
    for (const ex of s.examples.slice(0, 10)) {
      lines.push(`    line ${ex.line}${ex.id ? ` (${ex.id.slice(0, 16)}…)` : ''}: ${ex.reason}`);
    }
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length === 0) {
    console.error(
      'usage: npm run import -- FILE.jsonl [FILE2.jsonl ...] [--DATABASE_URL=postgres://...] [--SWELL_DATA=dir]',
    );
    return 2;
  }
  const config = loadConfig(
    process.env,
    args.filter((a) => a.startsWith('--')),
  );
  for (const f of files) {
    if (!existsSync(f)) {
      console.error(`import: no such file ${f}`);
      return 1;
    }
  }
  const store = await openStore({ ...config, readThreads: 0 }); // an import only writes
  console.log(
    `import: into ${store.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}`,
  );
  try {
    for (const file of files) {
      const bar = new SingleBar({
        format:
          '  {bar} {percentage}% | {value}/{total} KiB | imported {imported} dup {dup} rejected {rej}',
        hideCursor: true,
        noTTYOutput: false,
      });
      let started = false;
      const summary = await importFile(store, file, {
        onProgress(read, total, s) {
          const payload = { imported: s.imported, dup: s.duplicates, rej: s.rejected };
          if (!started) {
            bar.start(Math.ceil(total / 1024), 0, payload);
            started = true;
          }
          bar.update(Math.ceil(read / 1024), payload);
        },
      });
      if (started) bar.stop();
      console.log(formatSummary(file, summary));
    }
    await store.analyze();
  } finally {
    await store.close();
  }
  return 0;
}

process.exitCode = await main();
