import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { TestSocket } from '../src/testing/test-server.ts';
import { IntakeBudget } from '../src/net/intake-budget.ts';
import { setRelayLimits } from '../src/relay/socket.ts';
import type { RelayLimits } from '../src/relay/limits.ts';
import { testServer } from './helpers.ts';
import { relaySocket, testUser } from './relay-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// Issue 30, finding 5: under a subscription flood from one address a well-behaved client's
// REQ waited behind every query of the flood (the relay sent each REQ's query to the readers at
// once, 8.5 s for the canary in `npm run bench -- abuse`'s flood). These tests look at the order
// answers come in, never at how long they took.

/** Every message of a socket, as it arrives, tagged with its socket. */
function collector() {
  const seen: Array<{ who: string; msg: unknown[] }> = [];
  const watch = (who: string, sock: TestSocket) => {
    void (async () => {
      for (;;) {
        let msg: unknown[];
        try {
          msg = (await sock.next(60_000)) as unknown[];
        } catch {
          return;
        }
        seen.push({ who, msg });
      }
    })();
  };
  return { seen, watch };
}

const authors = (n: number) => Array.from({ length: n }, () => randomBytes(32).toString('hex'));

describe('IntakeBudget', () => {
  it('lets an address send its burst, then tells it how long to stop reading, per address', () => {
    const budget = new IntakeBudget(() => ({ bytesPerSecond: 1000, burstBytes: 4000 }));
    expect(budget.charge('a', 3000, 0)).toBe(0);
    expect(budget.charge('a', 1000, 0)).toBe(0);
    // 500 bytes past the bucket at 1000 bytes/s: half a second
    expect(budget.charge('a', 500, 0)).toBe(500);
    // another address has its own bucket
    expect(budget.charge('b', 4000, 0)).toBe(0);
    // refilled at the rate, up to the burst
    expect(budget.charge('a', 500, 1000)).toBe(0);
    expect(budget.charge('a', 4000, 100_000)).toBe(0);
    expect(budget.paused).toBe(1);
    budget.prune(1_000_000);
    expect(budget.size).toBe(0);
    expect(budget.charge('a', 4000, 1_000_000)).toBe(0);
    // addresses that come and go do not pile up
    for (let i = 0; i < 10_000; i++) budget.charge(`client ${i}`, 10, 2_000_000 + i * 100);
    expect(budget.size).toBeLessThan(4096);
  });
});

describe('relay fairness under a flood from one address', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let url: string;
  let previous: RelayLimits;

  beforeAll(async () => {
    previous = setRelayLimits({ addressBytesPerSecond: 20_000, addressBurstBytes: 40_000 });
    // One unit of work at a time makes the order of turns visible.
    server = await testServer({ limits: { cacheWorkUnits: 1, relayFilterShare: 1 } });
    url = server.wsUrl('/relay');
    const author = testUser();
    const notes = Array.from({ length: 50 }, (_, i) =>
      author.sign({ kind: 1, content: `note ${i}` }),
    );
    const { sock } = await relaySocket(url, { localAddress: '127.0.0.3' });
    for (const n of notes) sock.send(['EVENT', n]);
    for (let i = 0; i < notes.length; i++) await sock.next();
    sock.close();
  });
  afterAll(async () => {
    setRelayLimits(previous);
    await server.close();
  });

  // The order of turns (the connection with the fewest running, then the one served longest
  // ago, so a flooder waits behind itself) is WorkGate's, tested in work-gate.test.ts; here, that
  // the relay's queries take their turns from it.
  it("the relay's queries take turns from the server's work budget, and a flood's excess is shed", async () => {
    setRelayLimits({ addressBytesPerSecond: 1e12, addressBurstBytes: 1e12 });
    const { seen, watch } = collector();
    const flood = await relaySocket(url);
    watch('flood', flood.sock);
    const started = async () =>
      (
        (await (await fetch(`${server.url}/health`)).json()) as {
          load: { cache: { started: number } };
        }
      ).load.cache.started;
    const before = await started();
    // 100 REQs in one write: one query runs, 64 wait (the gate's line per connection), the
    // rest are refused at once. Before, all 100 queries went to the readers at once.
    const raw = (flood.sock.ws as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
    raw.cork();
    for (let i = 0; i < 100; i++) flood.sock.send(['REQ', `f${i}`, { kinds: [1] }]);
    raw.uncork();
    const ends = () => seen.filter((s) => s.msg[0] === 'EOSE' || s.msg[0] === 'CLOSED');
    await expect.poll(() => ends().length).toBe(100);
    const shed = ends().filter((s) => s.msg[0] === 'CLOSED');
    expect(shed.length).toBeGreaterThan(0);
    expect(shed[0]!.msg[2]).toMatch(/^error: server busy: at most 64 requests may wait/);
    expect((await started()) - before).toBe(100 - shed.length);
    flood.sock.close();
  });

  it('an address sending past its rate is read no further until its budget refills', async () => {
    setRelayLimits({ addressBytesPerSecond: 20_000, addressBurstBytes: 40_000 });
    const { seen, watch } = collector();
    const flood = [await relaySocket(url), await relaySocket(url)];
    const canary = await relaySocket(url, { localAddress: '127.0.0.2' });
    flood.forEach((f, i) => watch(`flood${i}`, f.sock));
    watch('canary', canary.sock);
    // 12 REQs of about 7 KB on each of two connections: 160 KB, four times the burst of 40 KB
    // and about 6 s of this address's rate.
    for (let i = 0; i < 12; i++) {
      for (const f of flood) f.sock.send(['REQ', `f${i}`, { authors: authors(100) }]);
    }
    // wait until the flood is held back
    await expect
      .poll(async () => {
        const h = (await (await fetch(`${server.url}/health`)).json()) as {
          load: { relay: { intake_pauses: number } };
        };
        return h.load.relay.intake_pauses;
      })
      .toBeGreaterThan(0);
    canary.sock.send(['REQ', 'c', { kinds: [1], limit: 5 }]);
    await expect.poll(() => seen.some((s) => s.who === 'canary' && s.msg[0] === 'EOSE')).toBe(true);
    const answered = () => seen.filter((s) => s.who.startsWith('flood') && s.msg[0] === 'EOSE');
    // The canary was answered while the flood still waited to be read...
    expect(answered().length).toBeLessThan(24);
    // ...and the flood is answered in full once its budget refills.
    await expect.poll(() => answered().length, { timeout: 30_000 }).toBe(24);
    for (const s of [...flood, canary]) s.sock.close();
  });
});
