import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { reqFrame } from '@swell/cache-protocol';
import { cacheLimits } from '../src/cache/socket.ts';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

// A /v1 client that asks for a lot and reads nothing is dropped (as /relay drops one), its work
// stops, and everyone else is served. Loopback only; bounded by the stall time set below.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

describe('a slow reader on the cache socket', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  const stallMs = cacheLimits.stallMs;
  const authors = [new User(), new User(), new User()];

  beforeAll(async () => {
    cacheLimits.stallMs = 1000;
    server = await testServer({ limits: { sendBufferBytes: 1024 * 1024 } });
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    const now = Math.floor(Date.now() / 1000);
    // 300 notes of 4 KB: an answer of limit 1000 is over a megabyte.
    const notes = Array.from({ length: 300 }, (_, i) =>
      authors[i % 3]!.sign(1, `note ${i} ${'x'.repeat(4000)}`, [], now - 1000 + i),
    );
    await importAll(c, notes);
    c.close();
  });
  afterAll(async () => {
    cacheLimits.stallMs = stallMs;
    await server.close();
  });

  it('is dropped, its work stops, and other clients are answered', async () => {
    const health = async () =>
      (
        (await (await fetch(`${server.url}/health`)).json()) as {
          load: {
            cache: {
              slow_readers_dropped: number;
              active: number;
              queued: number;
              cancelled: number;
            };
          };
        }
      ).load.cache;
    const before = await health();
    const paused = new WebSocket(server.wsUrl('/v1'), { perMessageDeflate: false });
    await new Promise((r, j) => {
      paused.once('open', r);
      paused.once('error', j);
    });
    (paused as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let i = 0; i < 100; i++)
      paused.send(reqFrame(`h${i}`, 'feed', { pubkey: authors[i % 3]!.pubkey, limit: 1000 }));

    // Meanwhile a well-behaved client is answered.
    const canary = await CacheClient.open(server.wsUrl('/v1'), false);
    const r = await canary.request('user_infos', { pubkeys: authors.map((a) => a.pubkey) });
    expect(r.notices).toEqual([]);

    let now = await health();
    for (let i = 0; i < 300 && now.slow_readers_dropped === before.slow_readers_dropped; i++) {
      await new Promise((res) => setTimeout(res, 100));
      now = await health();
    }
    expect(now.slow_readers_dropped).toBe(before.slow_readers_dropped + 1);
    paused.terminate();
    for (let i = 0; i < 100 && (now.active > 0 || now.queued > 0); i++) {
      await new Promise((res) => setTimeout(res, 50));
      now = await health();
    }
    expect(now.active).toBe(0);
    expect(now.queued).toBe(0);
    // What it still had waiting was cancelled with it, not run for nobody.
    expect(now.cancelled).toBeGreaterThan(before.cancelled);
    const again = await canary.request('user_infos', { pubkeys: [authors[0]!.pubkey] });
    expect(again.notices).toEqual([]);
    canary.close();
  });
});
