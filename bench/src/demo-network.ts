// `npm run bench -- demo-network [--users N] [--days D]`: how long the demo network takes to
// generate and import on this machine, two ways: the CLI pair (`npm run demo` then
// `npm run import`) and the in-server seeding that `npm start` does (SWELL_DEMO=1).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnetServer } from '@swell/devnet';
import { loadConfig } from '@swell/server';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const node = join(root, 'node_modules', '.bin', 'node');

function timed(label: string, args: string[]): { seconds: number; output: string } {
  const t0 = performance.now();
  const r = spawnSync(node, args, { cwd: root, encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${label} failed (${r.status}): ${r.stderr}`);
  return { seconds, output: `${r.stdout}${r.stderr}` };
}

export async function run(args: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'swell-bench-demo-'));
  try {
    const file = join(dir, 'demo.jsonl');
    const gen = timed('demo', ['apps/devnet/src/cli.ts', ...args, '--out', file]);
    console.log(`  npm run demo:   ${gen.seconds.toFixed(1)} s  (${gen.output.trim()})`);
    const imp = timed('import', [
      'apps/server/src/cli/import.ts',
      file,
      `--SWELL_DATA=${join(dir, 'cli')}`,
    ]);
    const summary = imp.output.split('\n').filter((l) => /import of|imported:|rejected:/.test(l));
    console.log(`  npm run import: ${imp.seconds.toFixed(1)} s`);
    for (const l of summary) console.log(`    ${l.trim()}`);
    console.log(`  demo + import:  ${(gen.seconds + imp.seconds).toFixed(1)} s`);

    const t0 = performance.now();
    const config = {
      ...loadConfig({}, []),
      port: 0,
      dataDir: join(dir, 'seeded'),
      demo: true,
      devnet: true,
      logLevel: 'warn',
    };
    const server = await startDevnetServer(config);
    const seeded = (performance.now() - t0) / 1000;
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      counts: { events: number };
    };
    await server.close();
    console.log(
      `  npm start seeding (server start, generate, ingest): ${seeded.toFixed(1)} s, ${health.counts.events} events stored`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
