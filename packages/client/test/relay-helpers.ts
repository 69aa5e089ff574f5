import { createServer, type Server, type Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A third-party relay that misbehaves on purpose (sends forged or unrequested events, never
 * sends EOSE...). Real relays on the network do this; our own relay is tested for real.
 */
export async function scriptedRelay(
  onReq: (ws: WebSocket, subId: string, filters: unknown[]) => void,
): Promise<{ url: string; connections: () => number; reqs: unknown[][]; close(): Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const reqs: unknown[][] = [];
  let connections = 0;
  wss.on('connection', (ws) => {
    connections += 1;
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as unknown[];
      if (msg[0] === 'REQ') {
        reqs.push(msg);
        onReq(ws, msg[1] as string, msg.slice(2));
      }
    });
  });
  const port = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections: () => connections,
    reqs,
    close: () =>
      new Promise((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

/** A TCP port that accepts connections and never answers: connecting to it times out. */
export async function silentPort(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A port nothing listens on (connection refused). */
export async function closedPort(): Promise<number> {
  const s = await silentPort();
  await s.close();
  return s.port;
}

/**
 * A third-party relay whose every message is answered by the test (`onMessage`); `onConnect`
 * runs when a client connects (e.g. to send an AUTH challenge). Records what it received.
 */
export async function scriptedWriteRelay(
  onMessage: (ws: WebSocket, msg: unknown[], connection: number) => void,
  onConnect?: (ws: WebSocket, connection: number) => void,
): Promise<{
  url: string;
  received: unknown[][];
  connections: () => number;
  dropAll(): void;
  close(): Promise<void>;
}> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const received: unknown[][] = [];
  let connections = 0;
  wss.on('connection', (ws) => {
    connections += 1;
    const n = connections;
    onConnect?.(ws, n);
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as unknown[];
      received.push(msg);
      onMessage(ws, msg, n);
    });
  });
  const port = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    dropAll() {
      for (const c of wss.clients) c.terminate();
    },
    close: () =>
      new Promise((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}
