import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { E2eServer } from './servers.ts';

// The real server, built web app and demo network on loopback ports; Debian's Chromium.
//
// Three workers (E2E_WORKERS), each with a server of its own (on 2 cores the suite used two
// workers' CPU at about 0.7 cores: most of a test waits on sockets and timers): servers.ts starts one devnet server
// per worker, on its own port with its own data folder, and each worker's `baseURL` (and
// E2E_PORT) is its server's. This file is loaded again in every worker process, after Playwright
// has set TEST_PARALLEL_INDEX (0 to workers - 1; a worker restarted after a failure keeps it), so
// a worker only ever talks to the server of its index: a spec sees one server used by one test at
// a time, as it did with a single worker, and specs need nothing but `page.goto('/...')` and the
// `baseURL` fixture.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

/** Free loopback ports, asked of the system (the config is loaded synchronously). */
function freePorts(count: number): number[] {
  const script = `const net = require('node:net');
const servers = Array.from({ length: ${count} }, () => net.createServer());
Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', r)))).then(() => {
  console.log(servers.map((s) => s.address().port).join(','));
  for (const s of servers) s.close();
});`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    .trim()
    .split(',')
    .map(Number);
}

// Chosen once, in the runner process; the workers it starts inherit these variables.
if (!process.env.E2E_PORTS) process.env.E2E_PORTS = freePorts(workers).join(',');
// A data folder named here is removed after the run (global-setup.ts); one given is kept. Each
// server has its own folder in it, which servers.ts makes (nothing is made here: Playwright also
// loads this file in processes that run no test).
if (!process.env.E2E_DATA) {
  process.env.E2E_DATA = join(tmpdir(), `swell-e2e-${randomBytes(6).toString('hex')}`);
  process.env.E2E_DATA_MADE = '1';
}
const ports = process.env.E2E_PORTS.split(',').map(Number).slice(0, workers);
if (ports.length < workers || ports.some((p) => !Number.isInteger(p) || p <= 0))
  throw new Error(
    `E2E_PORTS must list ${workers} ports (one per worker), got ${process.env.E2E_PORTS}`,
  );
const servers: E2eServer[] = ports.map((port, i) => ({
  port,
  data: join(process.env.E2E_DATA!, `server-${i}`),
}));
const mine = servers[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % servers.length]!;
process.env.E2E_PORT = String(mine.port);
// This worker's server's data folder (a spec that reads its database directly opens it here).
process.env.E2E_SERVER_DATA = mine.data;
// The devnet's operator token, for the specs that switch the bunker off (devnet-operator.ts);
// servers.ts passes it on to every server.
process.env.SWELL_DEVNET_OPERATOR_TOKEN ||= randomBytes(32).toString('base64url');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${mine.port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node servers.ts',
    cwd: import.meta.dirname,
    // Ready when every server has seeded the demo network (not when the first port opens).
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    timeout: 300_000,
    // servers.ts stops its servers and waits for them (SIGKILL after 10 s if it does not end).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { E2E_SERVERS: JSON.stringify(servers) },
  },
});
