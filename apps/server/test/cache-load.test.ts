import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { inflateFrame, reqFrame, type CacheCommand } from '@swell/cache-protocol';
import { getPublicKey, generateSecretKey, type NostrEvent } from '@swell/nostr';
import { initNostrWasm, type Nostr } from 'nostr-wasm';
import { CacheClient, importAll } from './cache-helpers.ts';

// The server runs in its own process with a small V8 heap, so its memory is its own and a crash
// is seen as a crash. Everything on loopback; bounded in time by the request budget.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const HEAP_BUDGET_MB = 256;
const HEAP_LIMIT_MB = 512;
const FLOODERS = 30;
const REQUESTS = 250;
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Health {
  loop: { max_ms: number };
  load: {
    cache: {
      active: number;
      queued: number;
      shed: number;
      cancelled: number;
      cancelled_queries: number;
      slow_readers_dropped: number;
      outbound_bytes: number;
    };
    memory: { heap_used_mb: number; rss_mb: number };
  };
}

let child: ChildProcess;
let url: string;
let dataDir: string;
let exited: number | null = null;
/** An author whose events are signed by secp256k1 in WASM (test data in seconds, not minutes). */
class Author {
  readonly sk = generateSecretKey();
  readonly pubkey = getPublicKey(this.sk);
  sign(nostr: Nostr, kind: number, content: string, tags: string[][], created_at: number) {
    const e = { kind, content, tags, created_at, id: '', pubkey: '', sig: '' };
    nostr.finalizeEvent(e, this.sk);
    return e as NostrEvent;
  }
}
const authors = Array.from({ length: 50 }, () => new Author());
let rootId = '';

async function health(): Promise<Health> {
  return (await (await fetch(`${url}/health`)).json()) as Health;
}

const HEAVY: Array<[CacheCommand, Record<string, unknown>]> = [
  ['mega_feed_directive', { spec: '{"id":"all-notes","kind":"notes"}', limit: 1000 }],
  ['explore', { timeframe: 'latest', scope: 'global', limit: 1000 }],
  ['search', { query: 'note', limit: 1000 }],
];

/** A raw client that fires requests and counts their ends (EOSE), without keeping answers. */
class Flooder {
  readonly ws: WebSocket;
  ends = 0;
  notices = 0;
  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer, binary) => {
      if (binary) {
        inflateFrame(new Uint8Array(data));
        return;
      }
      const m = JSON.parse(data.toString()) as unknown[];
      if (m[0] === 'EOSE' && String(m[1]).startsWith('h')) this.ends++;
      if (m[0] === 'NOTICE') this.notices++;
    });
  }
  static async open(zlib: boolean): Promise<Flooder> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v1`, { perMessageDeflate: false });
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    const f = new Flooder(ws);
    if (zlib)
      ws.send(
        JSON.stringify(['REQ', 'p', { cache: ['set_primal_protocol', { compression: 'zlib' }] }]),
      );
    return f;
  }
  fire(n: number): void {
    for (let i = 0; i < n; i++) {
      const [cmd, payload] = HEAVY[i % HEAVY.length]!;
      this.ws.send(reqFrame(`h${i}`, cmd, payload as never));
    }
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'swell-load-'));
  child = spawn(process.execPath, [`--max-old-space-size=${HEAP_LIMIT_MB}`, main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SWELL_DATA: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SWELL_HEAP_BUDGET_MB: String(HEAP_BUDGET_MB),
      SWELL_SEND_BUFFER_MB: '2',
      SWELL_MAX_CONNECTIONS_PER_IP: '64',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.once('exit', (code) => (exited = code ?? -1));
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Swell is running at (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', () => reject(new Error(`server exited: ${out}`)));
  });

  // 1,200 notes by 50 authors with profiles, and a thread of 100 replies: an answer of 1000
  // notes with their enrichment is about a megabyte, as on a busy network.
  const nostr = await initNostrWasm();
  const c = await CacheClient.open(`${url.replace('http', 'ws')}/v1`, false);
  const now = Math.floor(Date.now() / 1000);
  const events: NostrEvent[] = authors.map((a, i) =>
    a.sign(
      nostr,
      0,
      JSON.stringify({ name: `author${i}`, about: 'x'.repeat(200) }),
      [],
      now - 5000,
    ),
  );
  for (let i = 0; i < 1200; i++) {
    const a = authors[i % authors.length]!;
    events.push(a.sign(nostr, 1, `note ${i} ${'lorem ipsum '.repeat(20)}`, [], now - 4000 + i));
  }
  const root = events[60]!;
  rootId = root.id;
  for (let i = 0; i < 100; i++) {
    const a = authors[(i * 7) % authors.length]!;
    events.push(
      a.sign(
        nostr,
        1,
        `reply ${i}`,
        [
          ['e', root.id, '', 'root'],
          ['p', root.pubkey],
        ],
        now - 500 + i,
      ),
    );
  }
  await importAll(c, events);
  c.close();
});

afterAll(async () => {
  if (exited === null) {
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await done;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the cache socket under abuse', () => {
  it('30 connections x 250 heavy requests and a paused reader: up, in budget, others answered', async () => {
    const canary = await CacheClient.open(`${url.replace('http', 'ws')}/v1`, true);
    // What a well-behaved client asks, and the right answers (the data does not change).
    const asks: Array<[CacheCommand, Record<string, unknown>]> = [
      ['user_infos', { pubkeys: authors.slice(0, 10).map((a) => a.pubkey) }],
      ['thread_view', { event_id: rootId, limit: 100 }],
      ['feed', { pubkey: authors[3]!.pubkey, limit: 20 }],
    ];
    const answer = async ([cmd, payload]: [CacheCommand, Record<string, unknown>]) => {
      const r = await canary.request(cmd, payload, undefined, 60_000);
      return { notices: r.notices, ids: r.events.flatMap((e) => (e.id ? [e.id] : [])).sort() };
    };
    const expected = [];
    for (const a of asks) expected.push(await answer(a));
    expect(expected[0]!.ids).toHaveLength(10);
    expect(expected[1]!.ids.length).toBeGreaterThan(100);
    expect(expected[2]!.ids.length).toBeGreaterThanOrEqual(20);

    await fetch(`${url}/health?reset=loop`);
    let maxHeap = 0;
    let maxOutbound = 0;
    let healthFailures = 0;
    const sampler = setInterval(() => {
      health().then(
        (h) => {
          maxHeap = Math.max(maxHeap, h.load.memory.heap_used_mb);
          maxOutbound = Math.max(maxOutbound, h.load.cache.outbound_bytes);
        },
        () => healthFailures++,
      );
    }, 250);

    // A reader that asks for a lot and then reads nothing.
    const paused = await Flooder.open(true);
    (paused.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    paused.fire(REQUESTS);
    const flooders = await Promise.all(
      Array.from({ length: FLOODERS }, (_, i) => Flooder.open(i % 2 === 0)),
    );
    for (const f of flooders) f.fire(REQUESTS);

    let rounds = 0;
    const wrong: string[] = [];
    const deadline = Date.now() + 150_000;
    while (flooders.some((f) => f.ends < REQUESTS) && Date.now() < deadline) {
      for (const [i, a] of asks.entries()) {
        const got = await answer(a);
        if (JSON.stringify(got) !== JSON.stringify(expected[i]))
          wrong.push(`${a[0]}: ${got.notices.join()}`);
      }
      rounds++;
    }
    clearInterval(sampler);

    expect(exited).toBeNull();
    expect(healthFailures).toBe(0);
    // Every request was answered or refused with a NOTICE: none was left without its EOSE.
    expect(flooders.map((f) => f.ends)).toEqual(flooders.map(() => REQUESTS));
    expect(wrong).toEqual([]);
    expect(rounds).toBeGreaterThanOrEqual(3);
    const after = await health();
    expect(after.load.cache.shed).toBeGreaterThan(0);
    expect(maxHeap).toBeLessThan(HEAP_BUDGET_MB);
    // Unread output stayed within the per-connection send budget (2 MiB each).
    expect(maxOutbound).toBeLessThanOrEqual((FLOODERS + 2) * 2 * 1024 * 1024);
    console.info(
      `load test: ${rounds} canary rounds, max heap ${maxHeap} MiB, max outbound ${(maxOutbound / 2 ** 20).toFixed(1)} MiB, ` +
        `shed ${after.load.cache.shed}, slow readers dropped ${after.load.cache.slow_readers_dropped}, loop max ${after.loop.max_ms} ms`,
    );
    for (const f of flooders) f.ws.close();
    paused.ws.terminate();
    canary.close();
  });

  it('closing a socket mid-request frees its work', async () => {
    const before = (await health()).load.cache;
    const f = await Flooder.open(false);
    f.fire(20);
    for (let i = 0; i < 500 && (await health()).load.cache.active === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    f.ws.terminate();
    let now = (await health()).load.cache;
    for (let i = 0; i < 500 && (now.active > 0 || now.queued > 0); i++) {
      await new Promise((r) => setTimeout(r, 20));
      now = (await health()).load.cache;
    }
    expect(now.active).toBe(0);
    expect(now.queued).toBe(0);
    const cancelled = now.cancelled - before.cancelled;
    expect(cancelled).toBeGreaterThan(0);
    expect(cancelled + f.ends).toBeLessThanOrEqual(20);
  });
});
