import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start` runs the server under scripts/supervise.mjs: a server that dies anyway is started
// again. The real server, killed with SIGKILL (what the out-of-memory killer sends).
vi.setConfig({ testTimeout: 120_000 });

interface Supervised {
  stop(signal?: NodeJS.Signals): void;
  readonly child: ChildProcess;
  readonly restarts: number;
  done: Promise<number>;
}
type Supervise = (opts: {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  log?: (line: string) => void;
  onStart?: (child: ChildProcess) => void;
  firstDelayMs?: number;
  quickMs?: number;
  maxQuickFailures?: number;
}) => Supervised;

const supervisorPath = fileURLToPath(new URL('../../../scripts/supervise.mjs', import.meta.url));
const { supervise } = (await import(supervisorPath)) as { supervise: Supervise };
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'swell-supervise-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once the child prints that it serves. */
function serving(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Swell is running at')) resolve();
    });
    child.once('exit', (code, signal) => reject(new Error(`exited (${code ?? signal}): ${out}`)));
  });
}

describe('the supervisor of `npm start`', () => {
  it('starts a server killed with SIGKILL again, on the same port', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const starts: Array<Promise<void>> = [];
    const s = supervise({
      command: process.execPath,
      args: [main],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SWELL_DATA: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      log: (line) => lines.push(line),
      onStart: (child) => starts.push(serving(child)),
      firstDelayMs: 100,
    });
    await starts[0];
    const first = s.child.pid;
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

    process.kill(first!, 'SIGKILL');
    for (let i = 0; i < 600 && starts.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(starts).toHaveLength(2);
    await starts[1];
    expect(s.child.pid).not.toBe(first);
    expect(s.restarts).toBe(1);
    expect(lines.join('\n')).toMatch(/stopped \(killed by SIGKILL\); starting it again/);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

    // Asked to stop: the server stops cleanly and is not started again.
    s.stop('SIGTERM');
    expect(await s.done).toBe(0);
    expect(s.restarts).toBe(1);
    expect(starts).toHaveLength(2);
  });

  it('gives up when the server fails at every start', async () => {
    const lines: string[] = [];
    const s = supervise({
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
      stdio: 'ignore',
      log: (line) => lines.push(line),
      firstDelayMs: 10,
      maxQuickFailures: 3,
    });
    expect(await s.done).toBe(3);
    expect(s.restarts).toBe(2);
    expect(lines.at(-1)).toMatch(/exit code 3\) 3 times in a row at start; giving up/);
  });
});
