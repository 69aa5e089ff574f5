import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { TestSocket } from '../src/testing/test-server.ts';
import { setRelayLimits } from '../src/relay/socket.ts';
import type { RelayLimits } from '../src/relay/limits.ts';
import { testServer } from './helpers.ts';
import { relaySocket, testUser, type TestUser } from './relay-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** A filter of `n` authors (random 64-hex values): about 67 bytes of JSON per author. */
const authorsFilter = (n: number, extra: string[] = []) => ({
  authors: [...extra, ...Array.from({ length: n }, () => randomBytes(32).toString('hex'))],
});

async function nextOf(sock: TestSocket, subId: string): Promise<unknown[]> {
  for (;;) {
    const m = (await sock.next()) as unknown[];
    if (m[1] === subId) return m;
  }
}

/** NIP-42: authenticates and waits for the relay's OK. */
async function auth(sock: TestSocket, user: TestUser, challenge: string, url: string) {
  const e = user.sign({
    kind: 22242,
    created_at: Math.floor(Date.now() / 1000),
    tags: [
      ['relay', url],
      ['challenge', challenge],
    ],
  });
  sock.send(['AUTH', e]);
  expect((await nextOf(sock, e.id))[2]).toBe(true);
}

describe('relay budgets and COUNT', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let url: string;
  let previous: RelayLimits;

  beforeAll(async () => {
    previous = setRelayLimits({ maxFilterBytes: 10_000 });
    // Every socket here comes from 127.0.0.1: no per-address share (the next suite tests it).
    server = await testServer({ limits: { relayFilterBytes: 20_000, relayFilterShare: 1 } });
    url = server.wsUrl('/relay');
  });
  afterAll(async () => {
    setRelayLimits(previous);
    await server.close();
  });

  it('holds live filters to a per-connection and a server-wide budget', async () => {
    const author = testUser();
    const one = await relaySocket(url);
    const two = await relaySocket(url);
    const three = await relaySocket(url);
    // ~8 KB each: one and two fit (16 KB of 20), three does not until one lets go.
    one.sock.send(['REQ', 'a', authorsFilter(120)]);
    expect((await nextOf(one.sock, 'a'))[0]).toBe('EOSE');
    two.sock.send(['REQ', 'b', authorsFilter(120)]);
    expect((await nextOf(two.sock, 'b'))[0]).toBe('EOSE');
    // Replacing a subscription does not count it twice.
    two.sock.send(['REQ', 'b', authorsFilter(120)]);
    expect((await nextOf(two.sock, 'b'))[0]).toBe('EOSE');
    three.sock.send(['REQ', 'c', authorsFilter(119, [author.pubkey])]);
    const refused = await nextOf(three.sock, 'c');
    expect(refused[0]).toBe('CLOSED');
    expect(refused[2]).toMatch(/subscription budget/);
    one.sock.send(['CLOSE', 'a']);
    // CLOSE is not answered; a COUNT round trip makes sure it was handled.
    one.sock.send(['COUNT', 'sync', { kinds: [1] }]);
    await nextOf(one.sock, 'sync');
    three.sock.send(['REQ', 'c', authorsFilter(119, [author.pubkey])]);
    expect((await nextOf(three.sock, 'c'))[0]).toBe('EOSE');
    // One connection may not hold more than 10 KB of filters.
    two.sock.send(['REQ', 'd', authorsFilter(60)]);
    const tooMuch = await nextOf(two.sock, 'd');
    expect(tooMuch[0]).toBe('CLOSED');
    expect(tooMuch[2]).toMatch(/^blocked: the subscriptions of one connection/);
    // The compiled filters still match live events.
    const note = author.sign({ kind: 1, content: 'live' });
    one.sock.send(['EVENT', note]);
    expect(await nextOf(three.sock, 'c')).toEqual(['EVENT', 'c', note]);
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      load: { relay: { filter_bytes: number; filters_refused: number } };
    };
    expect(health.load.relay.filter_bytes).toBeGreaterThan(10_000);
    expect(health.load.relay.filter_bytes).toBeLessThanOrEqual(20_000);
    expect(health.load.relay.filters_refused).toBeGreaterThanOrEqual(1);
    for (const s of [one, two, three]) s.sock.close();
  });

  it('COUNT counts only what the asker may read', async () => {
    const alice = testUser();
    const bob = testUser();
    const { sock, challenge } = await relaySocket(url);
    const dm = bob.sign({ kind: 4, content: 'secret?iv=abc', tags: [['p', alice.pubkey]] });
    const mention = bob.sign({ kind: 1, content: 'hi alice', tags: [['p', alice.pubkey]] });
    for (const e of [dm, mention]) {
      sock.send(['EVENT', e]);
      expect((await nextOf(sock, e.id))[2]).toBe(true);
    }
    const count = async (s: TestSocket, id: string, filter: object) => {
      s.send(['COUNT', id, filter]);
      const m = await nextOf(s, id);
      expect(m[0]).toBe('COUNT');
      return (m[2] as { count: number }).count;
    };
    // Without AUTH the DM is not counted, asked by kind or by its tag.
    expect(await count(sock, 'k', { kinds: [4] })).toBe(0);
    expect(await count(sock, 'p', { '#p': [alice.pubkey] })).toBe(1);
    expect(await count(sock, 'a', { authors: [bob.pubkey] })).toBe(1);
    // Its recipient and its author may count it.
    await auth(sock, alice, challenge, url);
    expect(await count(sock, 'k2', { kinds: [4], '#p': [alice.pubkey] })).toBe(1);
    expect(await count(sock, 'p2', { '#p': [alice.pubkey] })).toBe(2);
    const other = await relaySocket(url);
    await auth(other.sock, bob, other.challenge, url);
    expect(await count(other.sock, 'a2', { authors: [bob.pubkey] })).toBe(2);
    // Someone else, authenticated, still does not count it.
    const third = await relaySocket(url);
    await auth(third.sock, testUser(), third.challenge, url);
    expect(await count(third.sock, 'k3', { kinds: [4] })).toBe(0);
    for (const s of [sock, other.sock, third.sock]) s.close();
  });
});

// Issue 30, finding 5: one address held 96 % of the server-wide budget.
describe("one client address holds at most its share of the relay's filter budget", () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let url: string;
  let previous: RelayLimits;

  beforeAll(async () => {
    previous = setRelayLimits({ maxFilterBytes: 10_000 });
    // The default share (a quarter): 5 KB of 20 KB per address.
    server = await testServer({ limits: { relayFilterBytes: 20_000 } });
    url = server.wsUrl('/relay');
  });
  afterAll(async () => {
    setRelayLimits(previous);
    await server.close();
  });

  const req = async (sock: TestSocket, subId: string, filter: object) => {
    sock.send(['REQ', subId, filter]);
    return nextOf(sock, subId);
  };

  it('refuses a REQ past the share, on any of its connections; other addresses still subscribe', async () => {
    const flooder = [await relaySocket(url), await relaySocket(url)];
    const other = await relaySocket(url, { localAddress: '127.0.0.2' });
    // about 4 KB each: one fits in the 5 KB share, a second does not, on another connection either
    expect((await req(flooder[0]!.sock, 'a', authorsFilter(60)))[0]).toBe('EOSE');
    const refused = await req(flooder[1]!.sock, 'b', authorsFilter(60));
    expect(refused[0]).toBe('CLOSED');
    expect(refused[2]).toMatch(/^blocked: this address holds its share/);
    const againOnFirst = await req(flooder[0]!.sock, 'c', authorsFilter(60));
    expect(againOnFirst[2]).toMatch(/^blocked: this address holds its share/);
    // another address has its own share
    expect((await req(other.sock, 'a', authorsFilter(60)))[0]).toBe('EOSE');
    // a closed subscription gives its bytes back to its address
    flooder[0]!.sock.send(['CLOSE', 'a']);
    flooder[0]!.sock.send(['COUNT', 'sync', { kinds: [1] }]);
    await nextOf(flooder[0]!.sock, 'sync');
    expect((await req(flooder[1]!.sock, 'b', authorsFilter(60)))[0]).toBe('EOSE');
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      load: {
        relay: { filter_bytes_largest_client: number; filters_refused_share: number };
      };
    };
    expect(health.load.relay.filter_bytes_largest_client).toBeLessThanOrEqual(5_000);
    expect(health.load.relay.filters_refused_share).toBe(2);
    // a closed connection gives back everything it held
    for (const s of [...flooder, other]) s.sock.close();
    await expect
      .poll(async () => {
        const h = (await (await fetch(`${server.url}/health`)).json()) as {
          load: { relay: { filter_bytes: number } };
        };
        return h.load.relay.filter_bytes;
      })
      .toBe(0);
  });
});
