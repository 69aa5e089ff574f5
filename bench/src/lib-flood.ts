// The floods of `npm run bench -- abuse`, each run in a worker thread so that sending and reading
// the flood does not delay the canary's own event loop (the bench's main thread only times the
// canary). Flooders do not parse what they receive beyond counting answers. Every flood comes
// from one client address (127.0.0.1); the canary uses another one.
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { reqFrame, setProtocolFrame, type CacheCommand } from '@swell/cache-protocol';

/** `connections` cache clients fire `requests` heavy requests each, plus one that reads nothing. */
export interface CacheFloodPlan {
  kind: 'cache';
  url: string;
  connections: number;
  requests: number;
  heavy: Array<[CacheCommand, unknown]>;
}

/**
 * `connections` relay clients each keep `subs` subscriptions of 500 random authors (about 33 KB
 * of filter each) and keep replacing them, so the relay runs their queries and holds their
 * filters for the whole phase.
 */
export interface RelayFloodPlan {
  kind: 'relay-subs';
  url: string;
  connections: number;
  subs: number;
  seconds: number;
}

/** `connections` clients in a loop: open a socket, send a frame one byte over its limit. */
export interface OversizeFloodPlan {
  kind: 'oversize';
  targets: Array<{ url: string; maxPayload: number }>;
  connections: number;
  seconds: number;
}

export type FloodPlan = CacheFloodPlan | RelayFloodPlan | OversizeFloodPlan;

/** What a flood reports when it is over. */
export interface FloodReport {
  summary: string;
}

const HOST = '127.0.0.1';

function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: HOST });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function cacheFlood(plan: CacheFloodPlan): Promise<FloodReport> {
  const fire = (ws: WebSocket) => {
    for (let i = 0; i < plan.requests; i++) {
      const [command, payload] = plan.heavy[i % plan.heavy.length]!;
      ws.send(reqFrame(`f${i}`, command, payload as never));
    }
  };
  // One reader that asks as much as the others and reads nothing.
  const paused = await open(plan.url);
  paused.send(setProtocolFrame('flood'));
  (paused as unknown as { _socket: { pause(): void } })._socket.pause();
  fire(paused);
  let ended = 0;
  const total = plan.connections * plan.requests;
  const sockets = await Promise.all(
    Array.from({ length: plan.connections }, async (_, i) => {
      const ws = await open(plan.url);
      ws.on('message', (data: Buffer, binary) => {
        // Text frames are NOTICE or EOSE; binary ones (zlib EVENTS) are left unread.
        if (!binary && data.subarray(0, 8).toString() === '["EOSE",' && data.includes('"f'))
          ended++;
      });
      if (i % 2 === 0) ws.send(setProtocolFrame('flood'));
      return ws;
    }),
  );
  parentPort!.postMessage({ started: true });
  for (const ws of sockets) fire(ws);
  while (ended < total) await new Promise((r) => setTimeout(r, 100));
  for (const ws of [...sockets, paused]) ws.terminate();
  return { summary: `${total + plan.requests} heavy requests, ${ended} answered` };
}

async function relayFlood(plan: RelayFloodPlan): Promise<FloodReport> {
  let sent = 0;
  let held = 0;
  let refused = 0;
  let refusedConnections = 0;
  const reasons = new Map<string, number>();
  const sockets: WebSocket[] = [];
  // 64 filters made once (the server parses, checks and queries each REQ as new either way), so
  // that the flood costs the bench little and the server as much as it can.
  const filters = Array.from({ length: 64 }, () =>
    JSON.stringify({
      authors: Array.from({ length: 500 }, () => randomBytes(32).toString('hex')),
      kinds: [1],
    }),
  );
  let end = Infinity; // set once every connection has sent its first REQs
  const req = (ws: WebSocket, i: number) => {
    ws.send(`["REQ","s${i % plan.subs}",${filters[sent % filters.length]}]`);
    sent++;
  };
  await Promise.all(
    Array.from({ length: plan.connections }, async () => {
      let ws: WebSocket;
      try {
        ws = await open(plan.url);
      } catch {
        refusedConnections++;
        return;
      }
      sockets.push(ws);
      let next = 0;
      // Each answer (EOSE: held, CLOSED: refused) is followed by the next REQ: a client that
      // asks as fast as it is answered, replacing its subscriptions in turn.
      ws.on('message', (data: Buffer) => {
        const head = data.subarray(0, 10).toString();
        if (head.startsWith('["EOSE"')) held++;
        else if (head.startsWith('["CLOSED"')) {
          refused++;
          const m = JSON.parse(data.toString()) as [string, string, string];
          const why = m[2].split(':')[0]!.slice(0, 30);
          reasons.set(why, (reasons.get(why) ?? 0) + 1);
        } else return;
        if (Date.now() < end) req(ws, next++);
      });
      for (let i = 0; i < plan.subs; i++) req(ws, next++);
    }),
  );
  end = Date.now() + plan.seconds * 1000;
  parentPort!.postMessage({ started: true });
  const t0 = Date.now();
  const answered0 = held + refused;
  while (Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  const perSecond = ((held + refused - answered0) / ((Date.now() - t0) / 1000)).toFixed(0);
  for (const ws of sockets) ws.terminate();
  const why = [...reasons].map(([k, v]) => `${v} ${k}`).join(', ');
  return {
    summary:
      `${plan.connections} connections, ${sent} REQs of 500 authors (${perSecond} answered a second): ${held} held, ${refused} refused` +
      `${why ? ` (${why})` : ''}${refusedConnections ? `, ${refusedConnections} connections refused` : ''}`,
  };
}

async function oversizeFlood(plan: OversizeFloodPlan): Promise<FloodReport> {
  const frames = plan.targets.map((t) => Buffer.alloc(t.maxPayload + 1, 0x78));
  const end = Date.now() + plan.seconds * 1000;
  let sent = 0;
  const codes = new Map<number, number>();
  const loop = async (k: number) => {
    for (let i = k; Date.now() < end; i += plan.connections) {
      const t = i % plan.targets.length;
      let ws: WebSocket;
      try {
        ws = await open(plan.targets[t]!.url);
      } catch {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      ws.on('error', () => undefined);
      const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
      ws.send(frames[t]!, { binary: false });
      sent++;
      const code = await closed;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
  };
  parentPort!.postMessage({ started: true });
  await Promise.all(Array.from({ length: plan.connections }, (_, k) => loop(k)));
  const closes = [...codes].map(([c, n]) => `${n} closed ${c}`).join(', ');
  return { summary: `${sent} frames one byte over the limit (${closes})` };
}

async function flood(plan: FloodPlan): Promise<void> {
  const report =
    plan.kind === 'cache'
      ? await cacheFlood(plan)
      : plan.kind === 'relay-subs'
        ? await relayFlood(plan)
        : await oversizeFlood(plan);
  parentPort!.postMessage({ done: true, report });
}

if (parentPort && workerData) void flood(workerData as FloodPlan);
