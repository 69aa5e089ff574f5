import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { startDevnetServer, type DevnetServerConfig, type DevnetState } from '@swell/devnet';
import { seededDemoData } from '@swell/devnet/testing';
import { loadConfig, type RunningServer } from '@swell/server';

export interface ClientTestServer extends RunningServer {
  /** What the devnet made (its operator token, ledger, mint, ...) when `devnet` is on. */
  devnet: DevnetState;
  cacheUrl: string;
  relayUrl: string;
  /** Drops every open websocket at the TCP level, as a crashing network would. */
  dropSockets(): void;
}

/**
 * The real Swell server on a random loopback port with a throwaway data folder. With
 * `demo: true`, the folder starts with the run's seeded demo network (seeded once per run).
 */
export async function clientTestServer(
  overrides: Partial<DevnetServerConfig> = {},
): Promise<ClientTestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-client-test-'));
  if (overrides.demo) await seededDemoData(dataDir);
  const config = { ...loadConfig({}, []), port: 0, dataDir, logLevel: 'warn', ...overrides };
  const server = await startDevnetServer(config);
  const upgraded = new Set<Socket>();
  server.app.server.on('upgrade', (_req, socket: Socket) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  const ws = server.url.replace('http', 'ws');
  return {
    ...server,
    cacheUrl: `${ws}/v1`,
    relayUrl: `${ws}/relay`,
    dropSockets() {
      for (const s of upgraded) s.destroy();
      upgraded.clear();
    },
    async close() {
      // As testServer() does: a response body left unread must not hold the close for the
      // keep-alive time-out.
      const closing = server.close();
      server.app.server.closeAllConnections();
      await closing;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { waitFor } from './wait.ts';
