import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { loadConfig, type ServerConfig, type ServerLimits } from '../config.ts';
import { parseAddressList } from '../net/address-list.ts';
import { startServer, type RunningServer, type StartOptions } from '../server.ts';

/** Config overrides of a test server: budgets one by one, address lists as text. */
export type TestServerOverrides = Partial<
  Omit<ServerConfig, 'limits' | 'allowPrivateFetch' | 'trustedProxies'>
> & {
  limits?: Partial<ServerLimits>;
  /** true, false, or addresses/CIDR ranges as in SWELL_ALLOW_PRIVATE_FETCH. */
  allowPrivateFetch?: boolean | string;
  /** As SWELL_TRUSTED_PROXY. */
  trustedProxies?: string;
};

/** A real server on a random loopback port with a throwaway data folder. */
export async function testServer(
  overrides: TestServerOverrides = {},
  options: StartOptions = {},
): Promise<RunningServer & { wsUrl: (path: string) => string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-test-'));
  const base = loadConfig({}, []);
  const { limits, allowPrivateFetch, trustedProxies, ...rest } = overrides;
  const config: ServerConfig = {
    ...base,
    port: 0,
    dataDir,
    logLevel: 'warn',
    ...rest,
    limits: { ...base.limits, ...limits },
    allowPrivateFetch:
      typeof allowPrivateFetch === 'string'
        ? parseAddressList(allowPrivateFetch, 'allowPrivateFetch')
        : (allowPrivateFetch ?? base.allowPrivateFetch),
    trustedProxies:
      trustedProxies !== undefined
        ? parseAddressList(trustedProxies, 'trustedProxies')
        : base.trustedProxies,
  };
  const server = await startServer(config, options);
  return {
    ...server,
    wsUrl: (path: string) => `${server.url.replace('http', 'ws')}${path}`,
    async close() {
      // The test is over: drop every HTTP connection still open. A response whose body a test
      // never read keeps its keep-alive socket busy, and the server would wait for it until
      // Fastify's keepAliveTimeout (72 s) before closing.
      const closing = server.close();
      server.app.server.closeAllConnections();
      await closing;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A websocket that collects text messages and lets a test wait for the next ones. */
export class TestSocket {
  readonly ws: WebSocket;
  private queue: unknown[] = [];
  private waiters: Array<() => void> = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.queue.push(JSON.parse(data.toString()));
      else this.queue.push({ binary: data });
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Opens a socket; `options` as ws's (`localAddress: '127.0.0.2'`: another client address). */
  static open(url: string, options?: WebSocket.ClientOptions): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      const sock = new TestSocket(ws);
      ws.once('open', () => resolve(sock));
      ws.once('error', reject);
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Waits for the next message (5 s at most). */
  async next(timeoutMs = 5000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a message');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.queue.shift();
  }

  close(): void {
    this.ws.close();
  }
}
