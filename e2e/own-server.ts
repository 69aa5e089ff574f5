import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A server of a test's own (the shared one of playwright.config.ts must keep serving the other
// tests): the devnet server on a free loopback port with its own data folder, which the test
// can stop and start again on the same port and data.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

export interface OwnServer {
  /** `http://127.0.0.1:<port>`, the same across restarts. */
  url: string;
  /** Starts the server (again), on the same port and data; resolves once `/health` answers. */
  start(): Promise<void>;
  /** Stops it (SIGKILL: no goodbye to its clients, as when a machine goes away). */
  stop(): Promise<void>;
  /** Stops it if running and removes its data folder. */
  dispose(): Promise<void>;
}

/**
 * A devnet server (`apps/devnet/src/main.ts`) of the test's own. `env` adds settings, e.g.
 * `{ SWELL_DEMO: '0' }` for an empty network (seeding the demo network takes a while).
 */
export async function ownServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-own-'));
  let child: ChildProcess | null = null;
  let exited: Promise<unknown> = Promise.resolve();
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    child = null;
  };
  return {
    url,
    async start() {
      const started = spawn(process.execPath, ['../apps/devnet/src/main.ts'], {
        cwd: import.meta.dirname,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SWELL_DATA: dataDir, ...env },
        stdio: 'ignore',
      });
      child = started;
      exited = new Promise((r) => started.once('exit', r));
      await waitForHealth(url, started);
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
