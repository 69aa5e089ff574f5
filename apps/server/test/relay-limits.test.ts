import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NostrEvent } from '@swell/nostr';
import { setRelayLimits } from '../src/relay/socket.ts';
import { testServer } from './helpers.ts';
import { relaySocket, testUser } from './relay-helpers.ts';

describe('relay limits', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let url: string;
  const user = testUser();
  const notes: NostrEvent[] = [];

  beforeAll(async () => {
    setRelayLimits({ maxLimit: 3, maxSubscriptions: 3, rateBurst: 1000, ratePerSecond: 1000 });
    server = await testServer();
    url = server.wsUrl('/relay');
    for (let i = 0; i < 6; i++) notes.push(user.sign({ kind: 1, content: `n${i}` }));
    const results = await (async () => {
      const { sock } = await relaySocket(url);
      const out: unknown[] = [];
      for (const n of notes) {
        sock.send(['EVENT', n]);
        out.push(await sock.next());
      }
      sock.close();
      return out;
    })();
    expect(results.every((r) => (r as unknown[])[2] === true)).toBe(true);
  });
  afterAll(async () => {
    await server.close();
  });

  it('advertises the limits in force', async () => {
    const res = await fetch(`${server.url}/relay`, {
      headers: { Accept: 'application/nostr+json' },
    });
    const doc = (await res.json()) as { limitation: Record<string, number> };
    expect(doc.limitation.max_limit).toBe(3);
    expect(doc.limitation.max_subscriptions).toBe(3);
  });

  it('clamps limit and caps subscriptions per connection', async () => {
    const { sock } = await relaySocket(url);
    sock.send(['REQ', 's1', { authors: [user.pubkey], limit: 100 }]);
    const got: unknown[] = [];
    for (;;) {
      const m = (await sock.next()) as unknown[];
      if (m[0] === 'EOSE') break;
      got.push(m);
    }
    expect(got).toHaveLength(3);
    sock.send(['REQ', 's2', { ids: [notes[0]!.id] }]);
    sock.send(['REQ', 's3', { ids: [notes[0]!.id] }]);
    sock.send(['REQ', 's4', { ids: [notes[0]!.id] }]);
    const msgs: unknown[][] = [];
    for (let i = 0; i < 5; i++) msgs.push((await sock.next()) as unknown[]);
    const closed = msgs.find((m) => m[0] === 'CLOSED');
    expect(closed?.[1]).toBe('s4');
    expect(closed?.[2]).toMatch(/^blocked: at most 3 subscriptions/);
    // Closing one frees a slot.
    sock.send(['CLOSE', 's2']);
    sock.send(['REQ', 's5', { ids: [notes[1]!.id] }]);
    expect(await sock.next()).toEqual(['EVENT', 's5', notes[1]]);
    expect(await sock.next()).toEqual(['EOSE', 's5']);
    sock.close();
  });

  it('refuses too many filters and over-long lists', async () => {
    const { sock } = await relaySocket(url);
    sock.send(['REQ', 'many', ...new Array(11).fill({ kinds: [1] })]);
    expect(((await sock.next()) as string[]).slice(0, 2)).toEqual(['CLOSED', 'many']);
    sock.send(['REQ', 'long', { kinds: new Array(1001).fill(1) }]);
    const m = (await sock.next()) as string[];
    expect(m.slice(0, 2)).toEqual(['CLOSED', 'long']);
    expect(m[2]).toMatch(/^invalid: kinds/);
    sock.close();
  });

  it('rate-limits a flooding connection with rate-limited: answers', async () => {
    const previous = setRelayLimits({ rateBurst: 5, ratePerSecond: 0.01 });
    try {
      const { sock } = await relaySocket(url);
      const flood = Array.from({ length: 8 }, (_, i) =>
        user.sign({ kind: 1, content: `flood ${i}` }),
      );
      for (const e of flood) sock.send(['EVENT', e]);
      const answers: unknown[][] = [];
      for (let i = 0; i < flood.length; i++) answers.push((await sock.next()) as unknown[]);
      const limited = answers.filter((a) => a[2] === false);
      expect(limited.length).toBe(3);
      expect(limited.every((a) => String(a[3]).startsWith('rate-limited:'))).toBe(true);
      sock.close();
    } finally {
      setRelayLimits(previous);
    }
  });

  it('disconnects a slow reader whose outbound buffer overflows, others keep working', async () => {
    const previous = setRelayLimits({ maxOutboundBytes: 64 * 1024, maxLimit: 500 });
    try {
      const big = Array.from({ length: 150 }, (_, i) =>
        user.sign({ kind: 1, content: `${i} ${'z'.repeat(100_000)}`, tags: [['t', 'big']] }),
      );
      const { sock: writer } = await relaySocket(url);
      for (const e of big) writer.send(['EVENT', e]);
      for (let i = 0; i < big.length; i++) {
        expect(((await writer.next(20_000)) as unknown[])[2]).toBe(true);
      }
      writer.close();

      const { sock: slow } = await relaySocket(url);
      let received = 0;
      slow.ws.on('message', () => received++);
      const closed = new Promise<void>((r) => slow.ws.once('close', () => r()));
      const raw = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      raw.pause();
      slow.send(['REQ', 'all', { '#t': ['big'], limit: 500 }]);
      await new Promise((r) => setTimeout(r, 1500));
      raw.resume();
      await closed;
      expect(received).toBeLessThan(big.length);

      const { sock: other } = await relaySocket(url);
      other.send(['REQ', 'one', { ids: [notes[2]!.id] }]);
      expect(await other.next()).toEqual(['EVENT', 'one', notes[2]]);
      other.close();
    } finally {
      setRelayLimits(previous);
    }
  }, 60_000);
});
