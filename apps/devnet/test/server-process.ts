// The server with the devnet as its own process, started the way `npm start` and the browser
// tests start it (apps/devnet/src/main.ts), on a random loopback port with a throwaway data
// folder: what a test needs to prove that something a client sends cannot end the process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Every line it wrote to standard output so far (pino JSON lines and the banner). */
  lines: string[];
  /** True while the process runs (it has not exited, and the pid still answers signal 0). */
  alive(): boolean;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-process-'));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SWELL_DATA: dataDir,
      DATABASE_URL: '',
      SWELL_DEMO: '0',
      SWELL_DEVNET: '1',
      SWELL_FFMPEG: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout!.on('data', (d: Buffer) => {
    const parts = (partial + d.toString()).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = lines.map((l) => /Swell is running at (\S+)/.exec(l)).find(Boolean);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`the server exited at start (${child.exitCode}): ${stderr}`));
    });
  });
  const pid = child.pid!;
  return {
    url,
    pid,
    child,
    lines,
    alive() {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
