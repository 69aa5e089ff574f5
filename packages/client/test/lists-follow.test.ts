import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey, nip19, type EventTemplate } from '@swell/nostr';
import type { SwellClient } from '../src/swell-client.ts';
import { createSwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import type { ClientError } from '../src/errors.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';
import { onRelay, publishRaw, pubkeys, signed, signedInClient } from './list-helpers.ts';

let server: ClientTestServer;
const clients: SwellClient[] = [];

beforeAll(async () => {
  server = await clientTestServer({ demo: false });
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: ClientError) => e.code,
  );

describe('follow and unfollow (spec section 4)', () => {
  it('fetches the latest contact list, adds the follow, publishes, and keeps tags and content', async () => {
    const { client, sk, pubkey } = await signedInClient(server, clients);
    const [a, b, c] = pubkeys(3);
    // Written by another client: hashtags and the legacy relay map must survive.
    const relayMap = JSON.stringify({ 'wss://relay.example': { read: true, write: true } });
    await publishRaw(
      server,
      signed(sk, {
        kind: 3,
        tags: [
          ['p', a!],
          ['p', b!, 'wss://hint.example', 'bee'],
          ['t', 'nostr'],
        ],
        content: relayMap,
      }),
    );
    const outcome = await client.lists.follow(c!);
    expect(outcome.status).toBe('published');
    const list = await onRelay(client, server, { kinds: [3], authors: [pubkey] });
    expect(list?.tags).toEqual([
      ['p', a!],
      ['p', b!, 'wss://hint.example', 'bee'],
      ['t', 'nostr'],
      ['p', c!],
    ]);
    expect(list?.content).toBe(relayMap);
    expect(client.lists.getSnapshot().following).toEqual([a, b, c]);
    // The cache answers with the new list at once (the next action builds on it).
    const cached = await client.api.contactList(pubkey, false);
    expect(cached.others.find((e) => e.kind === 3)?.id).toBe(list?.id);

    const un = await client.lists.unfollow(b!);
    expect(un.status).toBe('published');
    const after = await onRelay(client, server, { kinds: [3], authors: [pubkey] });
    expect(after?.tags).toEqual([
      ['p', a!],
      ['t', 'nostr'],
      ['p', c!],
    ]);
    expect(client.lists.getSnapshot().following).toEqual([a, c]);
  });

  it('a result with fewer than 2 follows asks first, with the data, and publishes only when confirmed', async () => {
    const { client, pubkey } = await signedInClient(server, clients);
    const [a, b] = pubkeys(2);
    const first = await client.lists.follow(a!);
    expect(first.status).toBe('confirm');
    if (first.status !== 'confirm') return;
    expect(first.data).toMatchObject({ action: 'follow', target: a, before: [], after: [a] });
    expect(await onRelay(client, server, { kinds: [3], authors: [pubkey] })).toBeUndefined();
    expect(client.lists.getSnapshot().following).toEqual([]);
    const confirmed = await first.confirm();
    expect(confirmed.status).toBe('published');
    expect(client.lists.getSnapshot().following).toEqual([a]);

    expect((await client.lists.follow(b!)).status).toBe('published');
    // Unfollow down to 1 follow: the confirmation shows what would be left.
    const down = await client.lists.unfollow(a!);
    expect(down.status).toBe('confirm');
    if (down.status !== 'confirm') return;
    expect(down.data).toMatchObject({ action: 'unfollow', before: [a, b], after: [b] });
    expect(down.data.tags).toEqual([['p', b]]);
    expect(client.lists.getSnapshot().following).toEqual([a, b]);
    await down.confirm();
    expect(client.lists.getSnapshot().following).toEqual([b]);
  });

  it('refuses: logged out, already following, self, not followed', async () => {
    const guest = createSwellClient({
      storage: new MemoryStorage(),
      origin: server.url,
      login: { detect: async () => null },
    });
    clients.push(guest);
    const [a, b, c] = pubkeys(3);
    expect(await code(guest.lists.follow(a!))).toBe('not-signed-in');

    const { client, pubkey } = await signedInClient(server, clients);
    await client.lists.follow(a!).then((o) => (o.status === 'confirm' ? o.confirm() : o));
    await client.lists.follow(b!);
    expect(await code(client.lists.follow(a!))).toBe('already-following');
    expect(await code(client.lists.unfollow(pubkey))).toBe('cannot-follow-self');
    expect(await code(client.lists.unfollow(c!))).toBe('not-following');
  });

  it('holds followInProgress during the action; a failed publish says "follow failed" and changes nothing', async () => {
    const { client, pubkey } = await signedInClient(server, clients);
    const [a, b, c] = pubkeys(3);
    await client.lists.follow(a!).then((o) => (o.status === 'confirm' ? o.confirm() : o));
    await client.lists.follow(b!);
    const seen: Array<string | null> = [];
    const stop = client.lists.subscribe(() =>
      seen.push(client.lists.getSnapshot().followInProgress),
    );
    await client.lists.follow(c!);
    stop();
    expect(seen).toContain(c);
    expect(client.lists.getSnapshot().followInProgress).toBeNull();

    // Every write relay gone: the publish fails and the list stays as it was.
    await client.saveRelaySettings({ 'ws://127.0.0.1:9/relay': { read: true, write: true } });
    const pool = await client.loadRelays();
    pool.setRelays({ 'ws://127.0.0.1:9/relay': { read: true, write: true } });
    const d = getPublicKey(generateSecretKey());
    expect(await code(client.lists.follow(d))).toBe('follow failed');
    expect(client.lists.getSnapshot().following).toEqual([a, b, c]);
    expect(client.lists.getSnapshot().followInProgress).toBeNull();
    const cached = await client.api.contactList(pubkey, false);
    expect(cached.others.find((e) => e.kind === 3)?.tags.map((t) => t[1])).toEqual([a, b, c]);
  });

  it('builds on the latest list: another device’s follow made after this one loaded is kept', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    const [a, b, c, d] = pubkeys(4);
    await one.client.lists.follow(a!).then((o) => (o.status === 'confirm' ? o.confirm() : o));
    await one.client.lists.follow(b!);
    // A second device (same key, its own storage) follows c; device one still shows [a, b].
    const two = await signedInClient(server, clients, { sk });
    await two.client.lists.load();
    await two.client.lists.follow(c!);
    expect(one.client.lists.getSnapshot().following).toEqual([a, b]);
    await one.client.lists.follow(d!);
    expect(one.client.lists.getSnapshot().following).toEqual([a, b, c, d]);
  });

  it('a change published by another device between fetch and publish is not lost', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    const two = await signedInClient(server, clients, { sk });
    const [a, b, c, d] = pubkeys(4);
    await one.client.lists.follow(a!).then((o) => (o.status === 'confirm' ? o.confirm() : o));
    await one.client.lists.follow(b!);
    // While device one's signer is asked (an extension prompt), device two publishes a follow.
    const signer = one.client.session.signer!;
    const sign = signer.signEvent.bind(signer);
    let interfered = false;
    signer.signEvent = async (t: Omit<EventTemplate, 'created_at'> & { created_at?: number }) => {
      if (t.kind === 3 && !interfered) {
        interfered = true;
        await two.client.lists.load();
        await two.client.lists.follow(c!);
      }
      return sign(t);
    };
    await one.client.lists.follow(d!);
    expect(interfered).toBe(true);
    const list = await onRelay(one.client, server, { kinds: [3], authors: [one.pubkey] });
    expect(list?.tags.map((t) => t[1])).toEqual([a, b, c, d]);
    expect(one.client.lists.getSnapshot().following).toEqual([a, b, c, d]);
  });

  it('follows show in the Latest feed (the cache reads the published list)', async () => {
    const author = generateSecretKey();
    const other = generateSecretKey();
    const note = signed(author, { kind: 1, tags: [], content: 'from someone followed' });
    await publishRaw(server, note);
    await publishRaw(server, signed(other, { kind: 1, tags: [], content: 'someone else' }));
    const { client, pubkey } = await signedInClient(server, clients);
    const authorPk = getPublicKey(author);
    await client.lists.follow(authorPk).then((o) => (o.status === 'confirm' ? o.confirm() : o));
    const page = await client.api.megaFeed(
      { id: 'latest', kind: 'notes' },
      { user_pubkey: pubkey },
    );
    expect(page.notes.map((n) => n.id)).toEqual([note.id]);
  });

  it('two quick follows run one after the other: neither is lost', async () => {
    const { client, pubkey } = await signedInClient(server, clients);
    const [a, b, c, d] = pubkeys(4);
    await client.lists.follow(a!).then((o) => (o.status === 'confirm' ? o.confirm() : o));
    await Promise.all([client.lists.follow(b!), client.lists.follow(c!), client.lists.follow(d!)]);
    await waitFor(() => client.lists.getSnapshot().following.length === 4, 3000, 'four follows');
    const list = await onRelay(client, server, { kinds: [3], authors: [pubkey] });
    expect(new Set(list?.tags.map((t) => t[1]))).toEqual(new Set([a, b, c, d]));
    expect(nip19.npubEncode(pubkey)).toMatch(/^npub1/);
  });
});
