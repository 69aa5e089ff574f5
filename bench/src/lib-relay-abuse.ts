// The relay half of `npm run bench -- abuse`: a publisher's EVENT -> OK latency alone, then while
// `connections` clients each try to hold `subs` large live subscriptions (500 authors each, about
// 33 KB of filter), which the relay's filter budgets (1 MiB per connection, SWELL_RELAY_FILTER_MB
// overall) cap.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { finalizeEvent, generateSecretKey, type NostrEvent } from '@swell/nostr';
import { percentile } from './lib-stats.ts';

async function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('error', rej);
  });
  return ws;
}

/** Publishes events one after the other; the latency of each OK, in ms. */
async function publishAll(url: string, events: NostrEvent[]): Promise<number[]> {
  const ws = await open(url);
  const waiting = new Map<string, (ms: number) => void>();
  const started = new Map<string, number>();
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as unknown[];
    if (m[0] !== 'OK') return;
    const id = String(m[1]);
    waiting.get(id)?.(performance.now() - started.get(id)!);
  });
  const out: number[] = [];
  for (const e of events) {
    out.push(
      await new Promise<number>((res) => {
        waiting.set(e.id, res);
        started.set(e.id, performance.now());
        ws.send(JSON.stringify(['EVENT', e]));
      }),
    );
  }
  ws.terminate();
  return out;
}

export interface RelayAbuseResult {
  alone: number[];
  flooded: number[];
  accepted: number;
  refused: number;
  refusedConnections: number;
}

export async function relayAbuse(
  url: string,
  connections: number,
  subs: number,
  publishes: number,
): Promise<RelayAbuseResult> {
  const sk = generateSecretKey();
  const now = Math.floor(Date.now() / 1000);
  const events = Array.from({ length: publishes * 2 }, (_, i) =>
    finalizeEvent({ kind: 1, created_at: now - i, tags: [], content: `canary ${i}` }, sk),
  );
  const alone = await publishAll(url, events.slice(0, publishes));

  let accepted = 0;
  let refused = 0;
  let refusedConnections = 0;
  const sockets: WebSocket[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      let ws: WebSocket;
      try {
        ws = await open(url);
      } catch {
        refusedConnections++;
        return;
      }
      sockets.push(ws);
      await new Promise<void>((done) => {
        let answered = 0;
        ws.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString()) as unknown[];
          if (m[0] === 'EOSE') accepted++;
          else if (m[0] === 'CLOSED') refused++;
          else return;
          if (++answered === subs) done();
        });
        for (let i = 0; i < subs; i++) {
          const authors = Array.from({ length: 500 }, () => randomBytes(32).toString('hex'));
          ws.send(JSON.stringify(['REQ', `s${i}`, { authors, kinds: [1] }]));
        }
      });
    }),
  );
  // Held subscriptions are what is measured, not the digestion of the REQ burst: let it settle.
  await new Promise((r) => setTimeout(r, 3000));
  const flooded = await publishAll(url, events.slice(publishes));
  for (const ws of sockets) ws.terminate();
  return { alone, flooded, accepted, refused, refusedConnections };
}

export const latency = (xs: number[]): string =>
  `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms`;
