// The browser tests' servers, started by playwright.config.ts as its webServer: one devnet server
// (apps/devnet/src/main.ts, as `npm start` runs it) per Playwright worker, each on its own port
// with its own data folder, all started at once. Prints `e2e servers ready` once every one has
// seeded the demo network (main.ts prints "Swell is running" only after seeding), which is what
// the config waits for. A server that exits early ends this process with its exit code.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface E2eServer {
  port: number;
  data: string;
}

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as E2eServer[];
if (servers.length === 0) throw new Error('E2E_SERVERS names no server');

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
};
// Stopped by Playwright (SIGTERM, see gracefulShutdown in the config): the servers go at once,
// and this process ends after them, so their CPU time is counted with the run's (npm test's
// table) instead of being lost with orphans.
let stopping = false;
const stopAndWait = (code: number) => {
  stopping = true;
  stopAll();
  void Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  ).then(() => process.exit(code));
};
process.on('SIGTERM', () => stopAndWait(143));
process.on('SIGINT', () => stopAndWait(130));

const started = Date.now();
let ready = 0;
for (const [i, server] of servers.entries()) {
  mkdirSync(server.data, { recursive: true });
  const child = spawn(
    process.execPath,
    [new URL('../apps/devnet/src/main.ts', import.meta.url).pathname],
    {
      env: {
        ...process.env,
        PORT: String(server.port),
        HOST: '127.0.0.1',
        SWELL_DATA: server.data,
        SWELL_DEMO: process.env.SWELL_DEMO ?? '1',
        SWELL_DEVNET: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  let up = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    process.stdout.write(`[server ${i}] ${line}\n`);
    if (!up && line.includes('Swell is running at')) {
      up = true;
      ready++;
      console.error(
        `e2e: server ${i} on port ${server.port} seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      if (ready === servers.length) console.info(`e2e servers ready (${ready})`);
    }
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e: server ${i} on port ${server.port} exited (${signal ?? code})`);
    stopAndWait(code || 1);
  });
}
