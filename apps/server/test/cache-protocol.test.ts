import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inflateFrame, ResultKind, type CacheEvent } from '@swell/cache-protocol';
import WebSocket, { WebSocketServer } from 'ws';
import { cacheLimits } from '../src/cache/socket.ts';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let server: Awaited<ReturnType<typeof testServer>>;
const alice = new User();

beforeAll(async () => {
  // The silent relay of the time-budget test listens on 127.0.0.1: the only private address
  // this server may reach.
  server = await testServer({ allowPrivateFetch: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
});

describe.each([false, true])('cache /v1 protocol and errors (zlib %s)', (zlib) => {
  let c: CacheClient;
  beforeAll(async () => {
    c = await CacheClient.open(server.wsUrl('/v1'), zlib);
  });
  afterAll(() => c.close());

  const bad: Array<[string, unknown, string]> = [
    ['nope', {}, 'unknown api request'],
    ['toString', {}, 'unknown api request'],
    ['feed', { pubkey: 'xyz' }, 'invalid pubkey'],
    ['feed', { pubkey: 'a'.repeat(64), limit: 1001 }, 'limit too big'],
    ['feed', { pubkey: 'a'.repeat(64), limit: '5000' }, 'limit too big'],
    ['user_followers', { pubkey: 'a'.repeat(64), limit: 1001 }, 'limit too big'],
    ['user_profile_scored_content', { pubkey: 'a'.repeat(64), limit: 1001 }, 'limit too big'],
    [
      'user_profile_followed_by',
      { pubkey: 'a'.repeat(64), user_pubkey: 'b'.repeat(64), limit: 1001 },
      'limit too big',
    ],
    ['user_search', { query: 'al', limit: 1001 }, 'limit too big'],
    ['scored', { selector: 'trending_24h', limit: 1001 }, 'limit too big'],
    ['scored_users_24h', { limit: 1001 }, 'limit too big'],
    ['explore_topics', { limit: 1001 }, 'limit too big'],
    ['get_featured_authors', { limit: 1001 }, 'limit too big'],
    ['get_recommended_reads', { limit: 1001 }, 'limit too big'],
    ['mega_feed_directive', { spec: '{"id":"nope"}' }, 'invalid spec format'],
    ['mega_feed_directive', { spec: 'not json' }, 'invalid spec format'],
    ['thread_view', {}, 'invalid event_id'],
    ['events', { event_ids: 'x' }, 'invalid event_ids'],
    ['user_infos', { pubkeys: ['A'.repeat(64)] }, 'invalid pubkeys'],
    ['explore', { timeframe: 'forever', scope: 'global' }, 'invalid timeframe'],
    ['explore', { timeframe: 'latest', scope: 'moon' }, 'invalid scope'],
    ['scored', { selector: 'trending_7h' }, 'invalid selector'],
    ['event_actions', { event_id: 'b'.repeat(64), kind: 1 }, 'invalid kind'],
    ['get_app_settings', { event_from_user: { kind: 30078 } }, 'invalid event_from_user'],
    ['search', { query: '' }, 'invalid query'],
  ];
  it.each(bad)('%s %j -> NOTICE %s then EOSE', async (command, payload, message) => {
    const r = await c.request(command, payload);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toContain(message);
    expect(r.events).toHaveLength(0);
  });

  it('sends every event of a large answer before its EOSE', async () => {
    // Over 16 KiB of JSON: in zlib mode the frame is compressed off the event loop, and the EOSE
    // made after it must still arrive after it.
    const writer = new User();
    const now = Math.floor(Date.now() / 1000);
    const notes = Array.from({ length: 40 }, (_, i) =>
      writer.sign(1, `long note ${i} ${'lorem ipsum '.repeat(100)}`, [], now - i),
    );
    await importAll(c, notes);
    const [big, small] = await Promise.all([
      c.request('feed', { pubkey: writer.pubkey, limit: 40 }),
      c.request('events', { event_ids: [notes[0]!.id] }),
    ]);
    expect(big.events.filter((e) => e.kind === 1)).toHaveLength(40);
    expect(small.events.map((e) => (e as { id?: string }).id)).toEqual([notes[0]!.id]);
  });

  it('keeps serving after bad input', async () => {
    c.ws.send('not json');
    c.ws.send('["REQ","x"]');
    const r = await c.request('get_home_feeds', {});
    expect(r.events[0]?.kind).toBe(ResultKind.HomeFeeds);
  });

  it('verifies the signature of event_from_user', async () => {
    const e = alice.sign(30078, '{}', [['d', 'Swell']]);
    const forged = { ...e, content: '{"theme":"x"}' };
    const r = await c.request('get_app_settings', { event_from_user: forged });
    expect(r.notices[0]).toMatch(/invalid event_from_user/);
    const ok = await c.request('get_app_settings', { event_from_user: e });
    expect(ok.notices).toHaveLength(0);
    expect(ok.events[0]?.kind).toBe(ResultKind.DefaultAppSettings);
  });
});

describe('subscriptions and streaming', () => {
  it('net_stats answers EOSE at once and pushes until CLOSE', async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), true);
    const seen: CacheEvent[] = [];
    await c.stream('net_stats', {}, 'ns', (e) => seen.push(e));
    expect(seen[0]?.kind).toBe(ResultKind.NetStats);
    const before = JSON.parse(seen[0]!.content) as { pubnotes: number };
    await importAll(c, [alice.sign(1, 'a new note')]);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && seen.length < 2) await new Promise((r) => setTimeout(r, 100));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect((JSON.parse(seen.at(-1)!.content) as { pubnotes: number }).pubnotes).toBe(
      before.pubnotes + 1,
    );
    c.ws.send(JSON.stringify(['CLOSE', 'ns']));
    // after CLOSE nothing more is pushed, even when the numbers change
    const closedAt = seen.length;
    await importAll(c, [alice.sign(1, 'after close')]);
    await new Promise((r) => setTimeout(r, 3000));
    expect(seen.length).toBe(closedAt);
    c.close();
  }, 30_000);

  it('/health counts open streams by command: opened, replaced, closed, dropped with the socket', async () => {
    const streams = async () =>
      ((await (await fetch(`${server.url}/health`)).json()) as { streams: Record<string, number> })
        .streams;
    const before = (await streams()).net_stats ?? 0;
    const s = await rawSocket(false);
    s.send(['REQ', 'a', { cache: ['net_stats'] }]);
    s.send(['REQ', 'b', { cache: ['net_stats'] }]);
    await s.until(() => s.eoses('a') === 1 && s.eoses('b') === 1);
    expect((await streams()).net_stats).toBe(before + 2);
    s.send(['REQ', 'a', { cache: ['net_stats'] }]); // replaces a
    await s.until(() => s.eoses('a') === 2);
    expect((await streams()).net_stats).toBe(before + 2);
    s.send(['CLOSE', 'a']);
    s.send(['REQ', 'sync', { cache: ['get_default_relays'] }]);
    await s.until(() => s.eoses('sync') === 1);
    expect((await streams()).net_stats).toBe(before + 1);
    s.ws.close();
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && ((await streams()).net_stats ?? 0) !== before)
      await new Promise((r) => setTimeout(r, 50));
    expect((await streams()).net_stats ?? 0).toBe(before);
  }, 30_000);

  /** A raw socket that records every frame (binary ones inflated) in arrival order. */
  async function rawSocket(zlib: boolean) {
    const ws = new WebSocket(server.wsUrl('/v1'));
    const frames: unknown[][] = [];
    ws.on('message', (data: Buffer, isBinary) => {
      frames.push((isBinary ? inflateFrame(new Uint8Array(data)) : JSON.parse(String(data))) as []);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const send = (frame: unknown[]) => ws.send(JSON.stringify(frame));
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 15_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const eoses = (id: string) => frames.filter((f) => f[0] === 'EOSE' && f[1] === id).length;
    if (zlib) {
      send(['REQ', 'proto', { cache: ['set_primal_protocol', { compression: 'zlib' }] }]);
      await until(() => eoses('proto') === 1);
    }
    return { ws, frames, send, until, eoses };
  }

  it('answers every REQ that reuses the id of a request still in flight', async () => {
    const s = await rawSocket(false);
    const note = alice.sign(1, 'reused ids');
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    await importAll(c, [note]);
    c.close();
    // The reference client sends these back to back on one id (events_<appId>, user_contacts_...).
    s.send(['REQ', 'same', { cache: ['events', { event_ids: [note.id] }] }]);
    s.send(['REQ', 'same', { cache: ['get_home_feeds'] }]);
    s.send(['REQ', 'same', { cache: ['get_default_relays'] }]);
    await s.until(() => s.eoses('same') === 3);
    const kinds = s.frames
      .filter((f) => f[0] === 'EVENT' && f[1] === 'same')
      .map((f) => (f[2] as CacheEvent).kind)
      .sort();
    expect(kinds).toEqual([1, ResultKind.DefaultRelays, ResultKind.HomeFeeds]);
    // each answer's events come before its own EOSE: the last frame of the id is an EOSE
    expect(s.frames.filter((f) => f[1] === 'same').at(-1)?.[0]).toBe('EOSE');
    s.ws.close();
  });

  it('a REQ with the id of a stream replaces the stream; CLOSE of an unknown id is harmless', async () => {
    const s = await rawSocket(false);
    s.send(['CLOSE', 'nobody']);
    s.send(['REQ', 'live', { cache: ['net_stats'] }]);
    await s.until(() => s.eoses('live') === 1);
    s.send(['REQ', 'live', { cache: ['get_default_relays'] }]);
    await s.until(() => s.eoses('live') === 2);
    const answered = s.frames.length;
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    await importAll(c, [alice.sign(1, 'the stream is gone')]);
    c.close();
    await new Promise((r) => setTimeout(r, 2500));
    // net_stats would have pushed the new count within a second or so
    expect(s.frames.slice(answered)).toEqual([]);
    s.ws.close();
  }, 30_000);

  it('an empty answer in zlib mode is one EVENTS [] frame, then EOSE', async () => {
    const s = await rawSocket(true);
    s.send(['REQ', 'none', { cache: ['events', { event_ids: ['f'.repeat(64)] }] }]);
    await s.until(() => s.eoses('none') === 1);
    expect(s.frames.filter((f) => f[1] === 'none')).toEqual([
      ['EVENTS', 'none', []],
      ['EOSE', 'none'],
    ]);
    const plain = await rawSocket(false);
    plain.send(['REQ', 'none', { cache: ['events', { event_ids: ['f'.repeat(64)] }] }]);
    await plain.until(() => plain.eoses('none') === 1);
    expect(plain.frames).toEqual([['EOSE', 'none']]);
    s.ws.close();
    plain.ws.close();
  });

  it('allows 200 open subscriptions per connection, no more', async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    for (let i = 0; i < cacheLimits.maxSubscriptions; i++)
      await c.stream('net_stats', {}, `s${i}`, () => {});
    const over = await c.request('net_stats', {}, 'one-too-many');
    expect(over.notices[0]).toMatch(/too many subscriptions/);
    c.ws.send(JSON.stringify(['CLOSE', 's0']));
    const after = await c.request('get_default_relays', {});
    expect(after.notices).toHaveLength(0);
    c.close();
  });

  it('answers with what it has when the time budget runs out', async () => {
    // A relay that accepts connections but never confirms: publishing would wait 8 s.
    const silent = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => silent.once('listening', resolve));
    const port = (silent.address() as { port: number }).port;
    const saved = server.config.limits.requestBudgetMs;
    server.config.limits.requestBudgetMs = 300;
    try {
      const c = await CacheClient.open(server.wsUrl('/v1'), false);
      const e = alice.sign(1, 'broadcast me');
      const r = await c.request(
        'broadcast_events',
        { events: [e], relays: [`ws://127.0.0.1:${port}`] },
        'b',
        5000,
      );
      expect(r.notices).toHaveLength(0);
      expect(r.events).toHaveLength(0);
      // the event was stored before publishing
      const stored = await c.request('events', { event_ids: [e.id] });
      expect(stored.events[0]?.id).toBe(e.id);
      c.close();
    } finally {
      server.config.limits.requestBudgetMs = saved;
      silent.close();
    }
  });

  it('broadcast_events publishes to the listed relay and reports success', async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    const e = alice.sign(1, 'broadcast to our relay');
    const r = await c.request(
      'broadcast_events',
      { events: [e], relays: [server.wsUrl('/relay')] },
      'b2',
      12_000,
    );
    expect(r.notices).toEqual([]);
    expect(r.events[0]?.id).toBe(e.id);
    c.close();
  });
});
