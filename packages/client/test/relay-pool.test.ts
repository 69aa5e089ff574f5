import { afterEach, describe, expect, it, vi } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { RelayPool } from '../src/relay/relay-pool.ts';
import { ManualClock } from './manual-clock.ts';
import { waitFor } from './wait.ts';
import { WebSocketServer } from 'ws';
import { closedPort, scriptedRelay, silentPort } from './relay-helpers.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  vi.restoreAllMocks();
});

function pool(opts: ConstructorParameters<typeof RelayPool>[0] = {}) {
  const p = new RelayPool(opts);
  cleanup.push(() => p.destroy());
  return p;
}

const alice = generateSecretKey();
const bob = generateSecretKey();
const note = (sk: Uint8Array, content: string, kind = 1): NostrEvent =>
  finalizeEvent({ kind, created_at: Math.floor(Date.now() / 1000), tags: [], content }, sk);

describe('RelayPool against misbehaving relays', () => {
  it('delivers only events that verify and match the filters, once each', async () => {
    const good = note(alice, 'hello');
    const good2 = note(alice, 'again');
    const forged = { ...note(alice, 'forged'), content: 'changed after signing' };
    const badSig = { ...note(alice, 'bad sig'), sig: 'ff'.repeat(64) };
    const otherAuthor = note(bob, 'not asked for');
    const otherKind = note(alice, 'a reaction', 7);
    const relay = await scriptedRelay((ws, subId) => {
      for (const e of [good, forged, badSig, otherAuthor, otherKind, good, { junk: 1 }, good2]) {
        ws.send(JSON.stringify(['EVENT', subId, e]));
      }
      ws.send(JSON.stringify(['EOSE', subId]));
    });
    cleanup.push(() => relay.close());
    const relay2 = await scriptedRelay((ws, subId) => {
      ws.send(JSON.stringify(['EVENT', subId, good]));
      ws.send(JSON.stringify(['EOSE', subId]));
    });
    cleanup.push(() => relay2.close());
    const p = pool();
    p.setRelays({
      [relay.url]: { read: true, write: false },
      [relay2.url]: { read: true, write: true },
    });
    const events = await p.query([{ authors: [getPublicKey(alice)], kinds: [1] }]);
    expect(events.map((e) => e.content).sort()).toEqual(['again', 'hello']);
    expect(p.readRelays()).toHaveLength(2);
    expect(p.writeRelays()).toEqual([relay2.url]);
    const snap = p.getSnapshot();
    expect(Object.values(snap).map((r) => r.status)).toEqual(['connected', 'connected']);
    expect(snap[relay.url]).toMatchObject({ read: true, write: false });
  });

  it('forces the end of stored events after the time-out when a relay never sends EOSE', async () => {
    const relay = await scriptedRelay((ws, subId) => {
      ws.send(JSON.stringify(['EVENT', subId, note(alice, 'only this')]));
    });
    cleanup.push(() => relay.close());
    const clock = new ManualClock();
    const p = pool({ eoseTimeoutMs: 300, clock });
    p.setRelays({ [relay.url]: { read: true, write: true } });
    const got: string[] = [];
    let eose = false;
    p.subscribeFilters([{ kinds: [1] }], {
      onEvent: (e) => got.push(e.content),
      onEose: () => (eose = true),
    });
    await waitFor(() => got.length === 1, 3000, 'the stored event');
    expect(got).toEqual(['only this']);
    expect(eose).toBe(false);
    // Connected, so only the stored-events time-out is left, with the configured delay.
    expect(clock.pending()).toEqual([300]);
    clock.advance(299);
    expect(eose).toBe(false);
    clock.advance(1);
    expect(eose).toBe(true);
  });

  it('uses the spec time-outs by default: 4400 ms to connect and for stored events', async () => {
    const silent = await silentPort();
    cleanup.push(() => silent.close());
    const clock = new ManualClock();
    const p = pool({ clock });
    p.addRelay(`ws://127.0.0.1:${silent.port}`);
    p.subscribeFilters([{ kinds: [1] }], { onEvent: () => {} });
    expect(clock.pending()).toEqual([4400, 4400]);
  });

  it('re-subscribes after a relay drops, asking only for newer events', async () => {
    let dropFirst = true;
    const relay = await scriptedRelay((ws, subId) => {
      ws.send(JSON.stringify(['EVENT', subId, note(alice, 'stored')]));
      ws.send(JSON.stringify(['EOSE', subId]));
      if (dropFirst) {
        dropFirst = false;
        setTimeout(() => ws.terminate(), 20);
      }
    });
    cleanup.push(() => relay.close());
    const p = pool({ retryBaseMs: 20 });
    p.setRelays({ [relay.url]: { read: true, write: true } });
    const got: string[] = [];
    p.subscribeFilters([{ kinds: [1] }], { onEvent: (e) => got.push(e.content) });
    await waitFor(() => relay.reqs.length === 2, 5000, 'a second REQ');
    expect(relay.connections()).toBe(2);
    const second = relay.reqs[1]![2] as { since?: number };
    expect(second.since).toBeGreaterThan(0);
    expect(got).toContain('stored');
  });
});

describe('RelayPool connection failures', () => {
  it('times out a connect after the connect time-out ("connection timed out")', async () => {
    const silent = await silentPort();
    cleanup.push(() => silent.close());
    const p = pool({ connectTimeoutMs: 200, retryBaseMs: 60_000 });
    const url = `ws://127.0.0.1:${silent.port}`;
    p.addRelay(url);
    expect(p.getSnapshot()[url]!.status).toBe('connecting');
    await waitFor(() => p.getSnapshot()[url]!.status === 'closed', 3000, 'time-out');
    expect(p.getSnapshot()[url]).toMatchObject({ lastError: 'connection timed out', attempts: 1 });
  });

  it('retries with growing delays and stops after 10 attempts with "Reached atempt limit"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const port = await closedPort();
    const url = `ws://127.0.0.1:${port}`;
    const p = pool({ retryBaseMs: 2, maxRetryDelayMs: 50 });
    const delays = new Map<number, number>();
    p.subscribe(() => {
      const r = p.getSnapshot()[url];
      if (r?.retryInMs != null) delays.set(r.attempts, r.retryInMs);
    });
    p.addRelay(url);
    const ended = new Promise<void>((resolve) =>
      p.subscribeFilters([{ kinds: [1] }], {
        onEvent: () => {},
        onEose: resolve,
        eoseTimeoutMs: 60_000,
      }),
    );
    await waitFor(() => p.getSnapshot()[url]!.status === 'failed', 10_000, 'attempt limit');
    expect(p.getSnapshot()[url]).toMatchObject({ attempts: 10, lastError: 'Reached atempt limit' });
    expect([...delays.values()]).toEqual([2, 4, 8, 16, 32, 50, 50, 50, 50]);
    // A subscription stops waiting for a relay that gave up.
    await ended;
    await new Promise((r) => setTimeout(r, 100));
    expect(p.getSnapshot()[url]!.status).toBe('failed');
  });

  it('keeps a relay dropped from the list until a publish to it has its answer', async () => {
    // The relay list's own event goes to the old list's relays, and the new list is applied
    // right after: the relay that answers late must still get the event and give its OK.
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    cleanup.push(() => new Promise<void>((r) => wss.close(() => r())));
    const received: string[] = [];
    wss.on('connection', (ws) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as [string, NostrEvent];
        if (msg[0] !== 'EVENT') return;
        received.push(msg[1].id);
        setTimeout(() => ws.send(JSON.stringify(['OK', msg[1].id, true, ''])), 300);
      });
    });
    const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
    const p = pool();
    p.setRelays({ [url]: { read: true, write: true } });
    await waitFor(() => p.getSnapshot()[url]?.status === 'connected', 3000, 'connected');
    const event = note(alice, 'the new relay list', 10002);
    const job = p.publish(event, [url]);
    await waitFor(() => received.includes(event.id), 3000, 'the event at the relay');
    p.setRelays({});
    expect(p.writeRelays()).toEqual([]);
    const report = await job.report;
    expect(report.accepted).toEqual([url]);
    // Gone once the job is done.
    await waitFor(() => p.getSnapshot()[url] === undefined, 3000, 'the relay removed');
  });

  it('never retries a removed relay', async () => {
    const port = await closedPort();
    const url = `ws://127.0.0.1:${port}`;
    const p = pool({ retryBaseMs: 30 });
    p.addRelay(url);
    await waitFor(() => (p.getSnapshot()[url]?.attempts ?? 0) >= 1, 3000, 'a failure');
    const relay = p.relay(url)!;
    p.removeRelay(url);
    expect(p.getSnapshot()[url]).toBeUndefined();
    await new Promise((r) => setTimeout(r, 150));
    expect(relay.status).toBe('removed');
    expect(relay.getSnapshot().attempts).toBe(1);
  });

  it('suspends and resumes', async () => {
    const relay = await scriptedRelay((ws, subId) => ws.send(JSON.stringify(['EOSE', subId])));
    cleanup.push(() => relay.close());
    const p = pool();
    p.addRelay(relay.url);
    await waitFor(() => p.getSnapshot()[relay.url]!.status === 'connected', 3000, 'connected');
    p.suspend();
    expect(p.getSnapshot()[relay.url]!.status).toBe('suspended');
    p.resume();
    await waitFor(() => p.getSnapshot()[relay.url]!.status === 'connected', 3000, 'reconnected');
    expect(relay.connections()).toBe(2);
  });
});
