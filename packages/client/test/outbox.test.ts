import { afterEach, describe, expect, it } from 'vitest';
// idb checks results against the IndexedDB classes, so the fake ones must be global.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { WebSocket } from 'ws';
import { finalizeEvent, generateSecretKey, type NostrEvent } from '@swell/nostr';
import { LeaseSenderLock } from '../src/outbox/lease-sender-lock.ts';
import { Outbox, type OutboxPublish } from '../src/outbox/outbox.ts';
import { openOutboxDatabase, type OutboxDatabase } from '../src/outbox/outbox-db.ts';
import type { SenderLock } from '../src/outbox/sender-lock.ts';
import { WebLocksSenderLock } from '../src/outbox/web-locks-sender-lock.ts';
import { RelayPool } from '../src/relay/relay-pool.ts';
import { scriptedWriteRelay } from './relay-helpers.ts';
import { waitFor } from './wait.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const sk = generateSecretKey();
let n = 0;
const note = (content: string): NostrEvent =>
  finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000) + n++, tags: [], content },
    sk,
  );

const send = (ws: WebSocket, msg: unknown[]) => ws.send(JSON.stringify(msg));

/**
 * A relay that can be up (answers OK true), down (drops every connection at once), silent (takes
 * events and never answers) or refusing (OK false with `refusal`).
 */
async function controllableRelay() {
  const control = { mode: 'up' as 'up' | 'down' | 'silent' | 'refusing', refusal: 'invalid: no' };
  const r = await scriptedWriteRelay(
    (ws, msg) => {
      if (msg[0] !== 'EVENT') return;
      const id = (msg[1] as { id: string }).id;
      if (control.mode === 'up') send(ws, ['OK', id, true, '']);
      else if (control.mode === 'refusing') send(ws, ['OK', id, false, control.refusal]);
    },
    (ws) => {
      if (control.mode === 'down') ws.terminate();
    },
  );
  cleanup.push(() => r.close());
  const eventsFor = (id: string) =>
    r.received.filter((m) => m[0] === 'EVENT' && (m[1] as { id: string }).id === id).length;
  return { ...r, control, eventsFor };
}

/** One "tab": its own relay pool, database connection, lock and outbox. */
async function tab(
  factory: IDBFactory,
  relayUrl: string,
  opts: {
    lock?: (db: OutboxDatabase, name: string, tabId: string) => SenderLock;
    tabId?: string;
  } = {},
) {
  const pool = new RelayPool({ retryBaseMs: 50 });
  pool.setRelays({ [relayUrl]: { read: false, write: true } });
  const db = await openOutboxDatabase('outbox-test', factory);
  const tabId = opts.tabId ?? `tab-${Math.random().toString(36).slice(2)}`;
  const lockName = `swell-outbox-test-${(factory as unknown as { id?: string }).id ?? ''}`;
  const lock = opts.lock
    ? opts.lock(db, lockName, tabId)
    : new WebLocksSenderLock(navigator.locks, lockName);
  const publishes: string[] = [];
  const publish: OutboxPublish = (event, relays) => {
    publishes.push(event.id);
    return pool.publish(event, relays, { timeoutMs: 500 });
  };
  const outbox = new Outbox({
    db,
    lock,
    publish,
    tabId,
    channelName: `outbox-test-${lockName}`,
    retryBaseMs: 200,
    claimMs: 3000,
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await outbox.stop();
    db.close();
    pool.destroy();
  };
  cleanup.push(stop);
  await outbox.start();
  return { outbox, db, pool, publishes, stop };
}

let factories = 0;
function freshFactory(): IDBFactory {
  const f = new IDBFactory();
  (f as unknown as { id: string }).id = `${process.pid}-${++factories}-${Date.now()}`;
  return f;
}

describe('outbox: persistence', () => {
  it('stores the event before anything is sent, and drops it once a relay accepted it', async () => {
    const relay = await controllableRelay();
    const factory = freshFactory();
    const a = await tab(factory, relay.url);
    const e = note('stored first');
    let storedWhenSent: boolean | null = null;
    const db = a.db;
    const pool = a.pool;
    // Wrap the publish to look into the database at the moment the socket would see it.
    (a.outbox as unknown as { opts: { publish: OutboxPublish } }).opts.publish = (ev, relays) => {
      storedWhenSent = false;
      void db.get('events', ev.id).then((r) => (storedWhenSent = !!r));
      return pool.publish(ev, relays, { timeoutMs: 500 });
    };
    const { result } = await a.outbox.add(e, [relay.url]);
    expect(await db.get('events', e.id)).toBeDefined();
    expect((await result).status).toBe('sent');
    expect(storedWhenSent).toBe(true);
    expect(await db.get('events', e.id)).toBeUndefined();
    await waitFor(() => a.outbox.item(e.id)?.status === 'sent', 2000, 'sent state');
    expect(relay.eventsFor(e.id)).toBe(1);
  });

  it('keeps an unconfirmed event across a reload and sends it when the relay is back', async () => {
    const relay = await controllableRelay();
    relay.control.mode = 'down';
    const factory = freshFactory();
    const first = await tab(factory, relay.url);
    const e = note('survives a reload');
    const { result } = await first.outbox.add(e, [relay.url]);
    expect(first.outbox.item(e.id)?.status).toBe('sending');
    const r = await result;
    expect(r.status).toBe('timeout');
    await waitFor(() => first.outbox.item(e.id)?.status === 'failed', 2000, 'failed state');
    const failed = first.outbox.item(e.id)!;
    expect(failed.lastOutcome).toBe('timeout');
    expect(failed.nextAttemptAt).not.toBeNull();
    expect(failed.lastErrors[relay.url]).toMatch(/connection|timeout/);
    await first.stop();

    // "Reload": a new tab on the same database while the relay is still down.
    const second = await tab(factory, relay.url);
    await waitFor(() => second.outbox.item(e.id) !== undefined, 2000, 'the stored event');
    expect(second.outbox.item(e.id)!.event).toEqual(e);
    relay.control.mode = 'up';
    // No user action: the automatic retry sends it.
    await waitFor(() => second.outbox.item(e.id)?.status === 'sent', 10_000, 'sent after retry');
    expect(await second.db.get('events', e.id)).toBeUndefined();
  });

  it('an event every relay refused waits for the user: retry or discard', async () => {
    const relay = await controllableRelay();
    relay.control.mode = 'refusing';
    const a = await tab(freshFactory(), relay.url);
    const e = note('refused');
    const { result } = await a.outbox.add(e, [relay.url]);
    expect((await result).status).toBe('failed');
    await waitFor(() => a.outbox.item(e.id)?.status === 'failed', 2000, 'failed');
    expect(a.outbox.item(e.id)!.nextAttemptAt).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(relay.eventsFor(e.id)).toBe(1);

    relay.control.mode = 'up';
    const again = a.outbox.result(e.id);
    await a.outbox.retry(e.id);
    expect((await again).status).toBe('sent');

    relay.control.mode = 'refusing';
    const f = note('to be discarded');
    const r2 = await a.outbox.add(f, [relay.url]);
    await r2.result;
    const discarded = a.outbox.result(f.id);
    await a.outbox.discard(f.id);
    expect(await discarded).toEqual({ status: 'discarded', id: f.id });
    expect(a.outbox.item(f.id)).toBeUndefined();
    expect(await a.db.get('events', f.id)).toBeUndefined();
  });

  it('nudge() retries at once instead of waiting for the backoff', async () => {
    const relay = await controllableRelay();
    relay.control.mode = 'down';
    const a = await tab(freshFactory(), relay.url);
    (a.outbox as unknown as { opts: { retryBaseMs: number } }).opts.retryBaseMs = 60_000;
    const e = note('nudged');
    await (
      await a.outbox.add(e, [relay.url])
    ).result;
    await waitFor(() => a.outbox.item(e.id)?.status === 'failed', 2000, 'failed');
    expect(a.outbox.item(e.id)!.nextAttemptAt! - Date.now()).toBeGreaterThan(30_000);
    relay.control.mode = 'up';
    await a.outbox.nudge();
    await waitFor(() => a.outbox.item(e.id)?.status === 'sent', 5000, 'sent after nudge');
  });
});

describe.each([
  ['Web Locks', undefined],
  [
    'the IndexedDB lease (fallback)',
    (db: OutboxDatabase, name: string, tabId: string) =>
      new LeaseSenderLock(db, name, tabId, { heartbeatMs: 50, ttlMs: 1000 }),
  ],
] as const)('outbox: two tabs with %s', (_name, lock) => {
  it('one sender at a time; the tab where the user publishes takes over; an event is sent once', async () => {
    const relay = await controllableRelay();
    const factory = freshFactory();
    const a = await tab(factory, relay.url, { lock });
    const b = await tab(factory, relay.url, { lock });
    await waitFor(
      () => a.outbox.getSnapshot().sender !== b.outbox.getSnapshot().sender,
      3000,
      'exactly one sender',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(a.outbox.getSnapshot().sender && b.outbox.getSnapshot().sender).toBe(false);

    // Tab A sends an event the relay sits on (no OK yet).
    relay.control.mode = 'silent';
    const first = note('from tab A');
    const ra = await a.outbox.add(first, [relay.url]);
    await waitFor(() => relay.eventsFor(first.id) === 1, 3000, 'A sending');
    expect(a.outbox.getSnapshot().sender).toBe(true);

    // Tab B publishes: it becomes the sender, but leaves A's claimed event alone.
    relay.control.mode = 'up';
    const second = note('from tab B');
    const rb = await b.outbox.add(second, [relay.url]);
    expect((await rb.result).status).toBe('sent');
    await waitFor(() => !a.outbox.getSnapshot().sender, 3000, 'A lost the role');
    expect(b.outbox.getSnapshot().sender).toBe(true);
    expect(relay.eventsFor(first.id)).toBe(1);
    // Both tabs show the state of both events.
    await waitFor(() => a.outbox.item(second.id)?.status === 'sent', 3000, 'A sees sent');
    expect(b.outbox.item(first.id)?.status).toBe('sending');

    // A's attempt times out; the sender retries it once the claim is over: two attempts in
    // all, never two at once. (B, unless a stalled heartbeat let its lease run out meanwhile.)
    expect((await ra.result).status).toBe('timeout');
    await waitFor(() => b.outbox.item(first.id)?.status === 'sent', 10_000, 'sent');
    expect([...a.publishes, ...b.publishes].filter((id) => id === first.id)).toHaveLength(2);
    expect(relay.eventsFor(first.id)).toBe(2);
    expect(a.publishes).not.toContain(second.id);

    // B closes: A becomes the sender again.
    await b.stop();
    await waitFor(() => a.outbox.getSnapshot().sender, 3000, 'A is the sender again');
  });
});

describe('outbox: the lease fallback', () => {
  it('a lease left by a closed tab is taken once it expires', async () => {
    const factory = freshFactory();
    const db = await openOutboxDatabase('outbox-test', factory);
    cleanup.push(() => db.close());
    await db.put('leases', { name: 'sender', owner: 'crashed-tab', expires: Date.now() + 300 });
    const lock = new LeaseSenderLock(db, 'sender', 'me', { heartbeatMs: 30, ttlMs: 100 });
    const changes: boolean[] = [];
    lock.start((held) => changes.push(held));
    cleanup.push(() => lock.stop());
    await new Promise((r) => setTimeout(r, 120));
    expect(lock.held).toBe(false);
    await waitFor(() => lock.held, 2000, 'the expired lease');
    expect(changes).toEqual([true]);
    expect((await db.get('leases', 'sender'))!.owner).toBe('me');
    await lock.stop();
    expect(await db.get('leases', 'sender')).toBeUndefined();
  });
});
