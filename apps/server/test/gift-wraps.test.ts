import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultKind, type CacheEvent } from '@swell/cache-protocol';
import { finalizeEvent, nip19, type NostrEvent } from '@swell/nostr';
import { wrapEvent } from 'nostr-tools/nip17';
import { unwrapEvent } from 'nostr-tools/nip59';
import { backendServer, BACKENDS, CacheClient, User } from './cache-helpers.ts';
import type { TestSocket } from './helpers.ts';
import { relaySocket } from './relay-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/** A relay socket, authenticated (NIP-42) as `user` when given. */
async function relayAs(url: string, user?: User): Promise<TestSocket> {
  const { sock, challenge } = await relaySocket(url);
  if (!user) return sock;
  const auth = finalizeEvent(
    {
      kind: 22242,
      created_at: Math.floor(Date.now() / 1000),
      tags: [
        ['relay', url],
        ['challenge', challenge],
      ],
      content: '',
    },
    user.sk,
  );
  sock.send(['AUTH', auth]);
  expect(await sock.next()).toEqual(['OK', auth.id, true, '']);
  return sock;
}

/** Sends a REQ and collects the stored events until EOSE (or the CLOSED reason). */
async function stored(
  sock: TestSocket,
  subId: string,
  ...filters: object[]
): Promise<{ ids: string[]; closed?: string }> {
  sock.send(['REQ', subId, ...filters]);
  const ids: string[] = [];
  for (;;) {
    const msg = (await sock.next()) as unknown[];
    if (msg[1] !== subId) continue;
    if (msg[0] === 'EVENT') ids.push((msg[2] as NostrEvent).id);
    else if (msg[0] === 'EOSE') return { ids };
    else if (msg[0] === 'CLOSED') return { ids, closed: String(msg[2]) };
  }
}

/** The answer to a COUNT: the number, or the CLOSED reason. */
async function count(sock: TestSocket, subId: string, ...filters: object[]): Promise<unknown> {
  sock.send(['COUNT', subId, ...filters]);
  for (;;) {
    const msg = (await sock.next()) as unknown[];
    if (msg[1] !== subId) continue;
    if (msg[0] === 'COUNT') return (msg[2] as { count: number }).count;
    if (msg[0] === 'CLOSED') return String(msg[2]);
  }
}

/** The event as it travels (nostr-tools marks its events with a symbol). */
function plain(e: NostrEvent): NostrEvent {
  return JSON.parse(JSON.stringify(e)) as NostrEvent;
}

async function publish(sock: TestSocket, event: NostrEvent): Promise<void> {
  sock.send(['EVENT', event]);
  for (;;) {
    const msg = (await sock.next()) as unknown[];
    if (msg[0] === 'OK' && msg[1] === event.id) {
      expect(msg[2], String(msg[3])).toBe(true);
      return;
    }
  }
}

describe.each(BACKENDS)('gift wraps (NIP-17 / NIP-59) on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let relayUrl: string;
  let cache: CacheClient;
  const alice = new User(); // sends
  const bob = new User(); // receives
  const eve = new User(); // neither
  // Made by nostr-tools, a client we did not write: one wrap for bob, one for alice's devices.
  const toBob = plain(wrapEvent(alice.sk, { publicKey: bob.pubkey }, 'hi bob, between us'));
  const aliceCopy = plain(wrapEvent(alice.sk, { publicKey: alice.pubkey }, 'hi bob, between us'));

  beforeAll(async () => {
    server = await backendServer(backend);
    relayUrl = server.wsUrl('/relay');
    cache = await CacheClient.open(server.wsUrl('/v1'), true);
    const sock = await relayAs(relayUrl);
    await publish(sock, toBob);
    sock.close();
  });
  afterAll(async () => {
    cache?.close();
    await server?.stop();
  });

  it('serves a wrap only to its authenticated recipient on /relay', async () => {
    expect(unwrapEvent(toBob, bob.sk).content).toBe('hi bob, between us');
    const anon = await relayAs(relayUrl);
    const refused = await stored(anon, 'a', { kinds: [1059], '#p': [bob.pubkey] });
    expect(refused.closed).toMatch(/^auth-required:/);
    // Not asking for the kind explicitly does not get around it.
    expect(await stored(anon, 'b', { ids: [toBob.id] })).toEqual({ ids: [] });
    expect(await stored(anon, 'c', { '#p': [bob.pubkey] })).toEqual({ ids: [] });
    anon.close();

    for (const [who, expected] of [
      [bob, [toBob.id]],
      [eve, []],
      [alice, []], // the sender: the wrap is signed by a one-time key and addressed to bob
    ] as const) {
      const sock = await relayAs(relayUrl, who);
      expect(await stored(sock, 'mine', { kinds: [1059], '#p': [bob.pubkey] })).toEqual({
        ids: expected,
      });
      expect(await stored(sock, 'any', { kinds: [1059] })).toEqual({ ids: expected });
      expect(await stored(sock, 'byid', { ids: [toBob.id] })).toEqual({ ids: expected });
      sock.close();
    }
  });

  it('delivers new wraps live to the recipient only', async () => {
    const bobSock = await relayAs(relayUrl, bob);
    const eveSock = await relayAs(relayUrl, eve);
    expect((await stored(bobSock, 'live', { kinds: [1059], '#p': [bob.pubkey] })).ids).toEqual([
      toBob.id,
    ]);
    expect((await stored(eveSock, 'live', { kinds: [1059] })).ids).toEqual([]);
    const another = plain(wrapEvent(eve.sk, { publicKey: bob.pubkey }, 'a live one'));
    const sender = await relayAs(relayUrl);
    await publish(sender, another);
    sender.close();
    expect(await bobSock.next()).toEqual(['EVENT', 'live', another]);
    // eve's open subscription asks for every wrap: nothing arrives (a marker event proves the
    // socket is live and in order).
    const marker = eve.sign(1, 'marker');
    eveSock.send(['REQ', 'notes', { ids: [marker.id] }]);
    expect(await eveSock.next()).toEqual(['EOSE', 'notes']);
    const other = await relayAs(relayUrl);
    await publish(other, marker);
    other.close();
    expect(await eveSock.next()).toEqual(['EVENT', 'notes', marker]);
    bobSock.close();
    eveSock.close();
  });

  it('COUNT does not count wraps for anyone but their recipient', async () => {
    const anon = await relayAs(relayUrl);
    expect(await count(anon, 'c1', { '#p': [bob.pubkey] })).toBe(0);
    expect(await count(anon, 'c2', { ids: [toBob.id] })).toBe(0);
    // Asking for the kind explicitly: refused (auth-required) or 0, never the number.
    const explicit = await count(anon, 'c3', { kinds: [1059] });
    expect(explicit === 0 || /^auth-required:/.test(String(explicit))).toBe(true);
    anon.close();
    const eveSock = await relayAs(relayUrl, eve);
    expect(await count(eveSock, 'c4', { kinds: [1059], '#p': [bob.pubkey] })).toBe(0);
    expect(await count(eveSock, 'c5', { '#p': [bob.pubkey] })).toBe(0);
    eveSock.close();
    const bobSock = await relayAs(relayUrl, bob);
    expect(await count(bobSock, 'c6', { kinds: [1059], '#p': [bob.pubkey] })).toBe(2);
    expect(await count(bobSock, 'c7', { kinds: [1059] })).toBe(2);
    // Other kinds are counted as before.
    expect(await count(bobSock, 'c8', { kinds: [1], authors: [eve.pubkey] })).toBe(1);
    bobSock.close();
  });

  it('never returns a wrap on /v1', async () => {
    const byId = await cache.request('events', { event_ids: [toBob.id], extended_response: true });
    expect(byId.events).toEqual([]);
    const thread = await cache.request('thread_view', { event_id: toBob.id });
    expect(thread.events.filter((e) => e.kind === 1059)).toEqual([]);
    // A public note pointing at the wrap: the enrichment leaves it out.
    const pointer = eve.sign(1, `look nostr:${nip19.neventEncode({ id: toBob.id })}`, [
      ['e', toBob.id],
    ]);
    const imported = await cache.request('import_events', { events: [pointer] });
    expect(JSON.parse(imported.events[0]!.content)).toEqual({ imported: 1, errors: 0 });
    const page = await cache.request('events', {
      event_ids: [pointer.id],
      extended_response: true,
    });
    expect(page.events.some((e) => e.id === pointer.id)).toBe(true);
    const leaked = (e: CacheEvent) =>
      e.kind === 1059 || (e.kind === ResultKind.ReferencedEvent && e.content.includes(toBob.id));
    expect(page.events.filter(leaked)).toEqual([]);
    // Feeds and search refuse the kind with a clear NOTICE.
    const feed = await cache.request('feed', { pubkey: toBob.pubkey, kinds: [1059] });
    expect(feed.notices).toEqual(['invalid kinds: kind 1059 is served only by the relay']);
    const search = await cache.request('search', { query: 'kind:1059' });
    expect(search.notices).toEqual(['invalid query: kind 1059 is served only by the relay']);
    const authored = await cache.request('feed', { pubkey: toBob.pubkey });
    expect(authored.events.filter(leaked)).toEqual([]);
  });

  it('counts unread wraps in directmsg_count for the recipient; the client marks them read', async () => {
    const ask = (who: User) => who.sign(30078, '{}', [['d', 'Swell']]);
    const counts: number[] = [];
    await cache.stream('directmsg_count', { pubkey: bob.pubkey }, 'dmc-bob', (e) =>
      counts.push(Number(e.cnt)),
    );
    expect(counts).toEqual([2]); // toBob and the live one from eve
    // eve cannot mark bob's wraps read.
    const byEve = await cache.request('reset_directmsg_count', {
      event_from_user: ask(eve),
      sender: alice.pubkey,
      gift_wraps: [toBob.id],
    });
    expect(byEve.notices).toEqual([]);
    // bob read alice's conversation (the client unwrapped it and names the wraps).
    await cache.request('reset_directmsg_count', {
      event_from_user: ask(bob),
      sender: alice.pubkey,
      gift_wraps: [toBob.id],
    });
    await vi.waitFor(() => expect(counts.at(-1)).toBe(1), { timeout: 15_000 });
    const bad = await cache.request('reset_directmsg_count', {
      event_from_user: ask(bob),
      sender: alice.pubkey,
      gift_wraps: ['not-an-id'],
    });
    expect(bad.notices).toEqual(['invalid gift_wraps']);

    // The sender's own copy, marked read before it is published, is never unread.
    const aliceCounts: number[] = [];
    const early = await cache.request('reset_directmsg_count', {
      event_from_user: ask(alice),
      gift_wraps: [aliceCopy.id], // no sender: only this wrap
    });
    expect(early.notices).toEqual([]);
    const noSender = await cache.request('reset_directmsg_count', { event_from_user: ask(alice) });
    expect(noSender.notices).toEqual(['invalid sender']);
    const sock = await relayAs(relayUrl);
    await publish(sock, aliceCopy);
    const forAlice = plain(wrapEvent(bob.sk, { publicKey: alice.pubkey }, 'reply'));
    await publish(sock, forAlice);
    sock.close();
    await cache.stream('directmsg_count', { pubkey: alice.pubkey }, 'dmc-alice', (e) =>
      aliceCounts.push(Number(e.cnt)),
    );
    expect(aliceCounts).toEqual([1]);

    // reset_directmsg_counts: everything read.
    await cache.request('reset_directmsg_counts', { event_from_user: ask(bob) });
    await vi.waitFor(() => expect(counts.at(-1)).toBe(0), { timeout: 15_000 });
    cache.ws.send(JSON.stringify(['CLOSE', 'dmc-bob']));
    cache.ws.send(JSON.stringify(['CLOSE', 'dmc-alice']));
  });
});
