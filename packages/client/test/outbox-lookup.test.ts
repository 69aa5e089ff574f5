import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip19,
  type NostrEvent,
} from '@swell/nostr';
import { testServer } from '@swell/server/testing';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { refFromNip19, tagHints, withRelays } from '../src/lookup/lookup-ref.ts';
import { Slots } from '../src/lookup/slots.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';
import { closedPort, scriptedRelay } from './relay-helpers.ts';

/** Publishes through a plain websocket and waits for the relay's OK. */
async function publish(url: string, event: NostrEvent): Promise<void> {
  const ws = new WebSocket(url);
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  const ok = new Promise<unknown[]>((resolve) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as unknown[];
      if (msg[0] === 'OK') resolve(msg);
    };
  });
  ws.send(JSON.stringify(['EVENT', event]));
  const answer = await ok;
  ws.close();
  if (answer[2] !== true) throw new Error(`relay refused: ${String(answer[3])}`);
}

const now = () => Math.floor(Date.now() / 1000);
const note = (sk: Uint8Array, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind: 1, created_at: now(), tags, content }, sk);

type Relay = Awaited<ReturnType<typeof testServer>>;

let main: ClientTestServer;
let second: Relay;
let third: Relay;
let secondUrl: string;
let thirdUrl: string;

beforeAll(async () => {
  [main, second, third] = await Promise.all([clientTestServer(), testServer(), testServer()]);
  secondUrl = second.wsUrl('/relay');
  thirdUrl = third.wsUrl('/relay');
});
afterAll(async () => {
  await Promise.all([main?.close(), second?.close(), third?.close()]);
});

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function client(options: Partial<Parameters<typeof createSwellClient>[0]> = {}): SwellClient {
  const c = createSwellClient({
    storage: new MemoryStorage(),
    origin: main.url,
    login: { detect: async () => null },
    lookup: { relayTimeoutMs: 3000 },
    ...options,
  });
  cleanup.push(() => c.close());
  return c;
}

describe('outbox lookup of what the cache does not hold', () => {
  it('finds a quoted note on the relay its nevent names, verifies it and hands it to the cache', async () => {
    const author = generateSecretKey();
    const quoter = generateSecretKey();
    const hidden = note(author, 'only on the second relay');
    await publish(secondUrl, hidden);
    const nevent = nip19.neventEncode({
      id: hidden.id,
      relays: [secondUrl],
      author: hidden.pubkey,
    });
    const quote = note(quoter, `look at this nostr:${nevent}`, [
      ['q', hidden.id, secondUrl, hidden.pubkey],
    ]);
    await publish(main.relayUrl, quote);

    const c = client();
    const page = await c.api.threadView(quote.id);
    c.store.ingestPage(page);
    expect(c.store.note(quote.id)?.content).toContain('look at this');
    // The cache has never seen it.
    expect(page.mentions[hidden.id]).toBeUndefined();
    expect((await c.api.events([hidden.id])).notes).toEqual([]);

    const lookup = await c.lookup();
    const ref = withRelays(refFromNip19(nevent)!, tagHints(quote, refFromNip19(nevent)!));
    const pending = lookup.find(ref);
    expect(lookup.find(ref)).toBe(pending); // one lookup at a time per note
    expect(lookup.status(ref)).toEqual({ status: 'loading' });
    const result = await pending;
    expect(result).toMatchObject({ status: 'found', id: hidden.id, source: 'relay' });
    expect(result.status === 'found' && result.relay).toBe(secondUrl);
    expect(c.store.note(hidden.id)?.content).toBe('only on the second relay');
    expect(lookup.status(ref)).toBe(result);

    // import_events: the cache holds it now, so the next reader gets it from there.
    let fromCache: NostrEvent[] = [];
    const deadline = Date.now() + 5000;
    while (fromCache.length === 0 && Date.now() < deadline) {
      fromCache = (await c.api.events([hidden.id])).notes;
      if (fromCache.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(fromCache.map((e) => e.id)).toEqual([hidden.id]);
    const other = client();
    const again = await (await other.lookup()).find(ref);
    expect(again).toMatchObject({ status: 'found', source: 'cache' });
  });

  it("asks the author's NIP-65 write relays when a note carries no hint", async () => {
    const author = generateSecretKey();
    const relayList = finalizeEvent(
      { kind: 10002, created_at: now(), tags: [['r', thirdUrl, 'write']], content: '' },
      author,
    );
    await publish(main.relayUrl, relayList); // the cache knows where the author writes
    const hidden = note(author, 'written to my own relay');
    await publish(thirdUrl, hidden);

    const lookup = await client().lookup();
    const result = await lookup.find({ type: 'note', id: hidden.id, author: getPublicKey(author) });
    expect(result).toMatchObject({ status: 'found', source: 'relay', relay: thirdUrl });
  });

  it("reads the author's relay list from a hinted relay when the cache lacks it, then asks those relays", async () => {
    const author = generateSecretKey();
    const relayList = finalizeEvent(
      { kind: 10002, created_at: now(), tags: [['r', thirdUrl]], content: '' },
      author,
    );
    await publish(secondUrl, relayList); // only the hinted relay knows the list
    const hidden = note(author, 'two hops away');
    await publish(thirdUrl, hidden);

    const c = client();
    const lookup = await c.lookup();
    const result = await lookup.find({
      type: 'note',
      id: hidden.id,
      author: getPublicKey(author),
      relays: [secondUrl],
    });
    expect(result).toMatchObject({ status: 'found', relay: thirdUrl });
    // Both the note and the relay list went to the cache.
    let known: string[][] = [];
    const deadline = Date.now() + 5000;
    while (known.length === 0 && Date.now() < deadline) {
      known =
        (await c.api.getUserRelays(getPublicKey(author))).userRelays[getPublicKey(author)] ?? [];
      if (known.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(known.map((t) => t[1])).toEqual([thirdUrl]);
  });

  it('finds a profile from its nprofile hint and the note author profile with it', async () => {
    const someone = generateSecretKey();
    const pk = getPublicKey(someone);
    const profile = finalizeEvent(
      { kind: 0, created_at: now(), tags: [], content: JSON.stringify({ name: 'faraway' }) },
      someone,
    );
    await publish(secondUrl, profile);
    const hidden = note(someone, 'mine');
    await publish(secondUrl, hidden);

    const c = client();
    const lookup = await c.lookup();
    const ref = refFromNip19(nip19.nprofileEncode({ pubkey: pk, relays: [secondUrl] }))!;
    expect(await lookup.find(ref)).toMatchObject({ status: 'found', source: 'relay' });
    expect(c.store.profile(pk)?.name).toBe('faraway');

    // A note found on a relay brings its author's profile along when the store lacks it.
    const d = client();
    await (await d.lookup()).find({ type: 'note', id: hidden.id, relays: [secondUrl] });
    await waitFor(() => d.store.profile(pk)?.name === 'faraway', 8000, 'the author profile');
  });

  it('finds an article by naddr', async () => {
    const writer = generateSecretKey();
    const article = finalizeEvent(
      {
        kind: 30023,
        created_at: now(),
        tags: [
          ['d', 'far-article'],
          ['title', 'Far away'],
        ],
        content: '# Far away\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      },
      writer,
    );
    await publish(secondUrl, article);
    const naddr = nip19.naddrEncode({
      kind: 30023,
      pubkey: getPublicKey(writer),
      identifier: 'far-article',
      relays: [secondUrl],
    });
    const c = client();
    const result = await (await c.lookup()).find(refFromNip19(naddr)!);
    expect(result).toMatchObject({ status: 'found', id: article.id, source: 'relay' });
    expect(c.store.note(article.id)?.kind).toBe(30023);
  });

  it('is missing only when every source failed: a dead hint does not stop a live one', async () => {
    const author = generateSecretKey();
    const hidden = note(author, 'behind a dead relay and a live one');
    await publish(secondUrl, hidden);
    const dead = `ws://127.0.0.1:${await closedPort()}`;
    const lookup = await client().lookup();
    const found = await lookup.find({ type: 'note', id: hidden.id, relays: [dead, secondUrl] });
    expect(found).toMatchObject({ status: 'found', relay: secondUrl });

    const never = note(author, 'never published anywhere');
    const missing = await lookup.find({ type: 'note', id: never.id, relays: [dead, secondUrl] });
    expect(missing.status).toBe('missing');
    expect(missing.status === 'missing' && missing.tried).toEqual(
      expect.arrayContaining([dead, secondUrl, main.relayUrl]),
    );
    // A recent missing result is not asked again; retry asks every source again.
    expect(await lookup.find({ type: 'note', id: never.id })).toBe(missing);
    await publish(secondUrl, never);
    expect(await lookup.retry({ type: 'note', id: never.id, relays: [secondUrl] })).toMatchObject({
      status: 'found',
    });
  });

  it('drops forged answers: a relay sending a note with a bad signature gives missing', async () => {
    const author = generateSecretKey();
    const real = note(author, 'the real one');
    const forged = { ...real, content: 'tampered', sig: real.sig };
    const liar = await scriptedRelay((ws, subId) => {
      ws.send(JSON.stringify(['EVENT', subId, forged]));
      ws.send(JSON.stringify(['EVENT', subId, note(generateSecretKey(), 'not asked for')]));
      ws.send(JSON.stringify(['EOSE', subId]));
    });
    cleanup.push(() => liar.close());
    const c = client();
    const result = await (await c.lookup()).find({ type: 'note', id: real.id, relays: [liar.url] });
    expect(result.status).toBe('missing');
    expect(c.store.note(real.id)).toBeUndefined();
    expect(liar.reqs.length).toBeGreaterThan(0);
  });

  it('contacts no relay in proxy mode', async () => {
    const watcher = await scriptedRelay((ws, subId) => ws.send(JSON.stringify(['EOSE', subId])));
    cleanup.push(() => watcher.close());
    const c = client();
    c.setProxy(true);
    const id = note(generateSecretKey(), 'x').id;
    const result = await (await c.lookup()).find({ type: 'note', id, relays: [watcher.url] });
    expect(result.status).toBe('missing');
    expect(watcher.connections()).toBe(0);
  });
});

describe('Slots', () => {
  it('runs at most n at once, the rest in order', async () => {
    const slots = new Slots(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) =>
      slots.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(n);
        running--;
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(job))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
    expect(slots.inUse).toBe(0);
  });
});
