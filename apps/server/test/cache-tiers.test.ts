import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NostrEvent } from '@swell/nostr';
import { backendServer, BACKENDS, CacheClient, importAll, User } from './cache-helpers.ts';
import { TestSocket } from '../src/testing/test-server.ts';

// Creators' paid tiers (NIP-88 kind 37001, Primal's tier list 17000) and subscriptions (7001,
// ended by 7002) as the server holds them.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(BACKENDS)('tiers and subscriptions on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let client: CacheClient;
  const creator = new User();
  const other = new User();
  const bob = new User();
  const now = Math.floor(Date.now() / 1000);
  const tier = (u: User, d: string, title: string, at: number) =>
    u.sign(
      37001,
      `${title}: the description`,
      [
        ['d', d],
        ['title', title],
        ['amount', '1000000', 'msats', 'monthly'],
        ['amount', '50', 'USD', 'yearly'],
        ['perk', 'A perk'],
      ],
      at,
    );
  /** The relay's next message other than its AUTH challenge. */
  const next = async (relay: TestSocket) => {
    for (;;) {
      const msg = (await relay.next()) as unknown[];
      if (msg[0] !== 'AUTH') return msg;
    }
  };
  const ids = async (command: string, payload: object) =>
    (await client.request(command, payload)).events.map((e) => (e as NostrEvent).id);

  beforeAll(async () => {
    server = await backendServer(backend);
    client = await CacheClient.open(server.wsUrl('/v1'), false);
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  it('creator_paid_tiers: the current tiers, in the order of the tier list', async () => {
    const reader = tier(creator, 'reader', 'Reader', now - 300);
    const patron = tier(creator, 'patron', 'Patron', now - 200);
    const foreign = tier(other, 'reader', 'Not theirs', now - 200);
    await importAll(client, [reader, patron, foreign]);
    // without a list: every current tier of the creator, oldest first
    expect(await ids('creator_paid_tiers', { pubkey: creator.pubkey })).toEqual([
      reader.id,
      patron.id,
    ]);
    const list = creator.sign(
      17000,
      '',
      [
        ['e', patron.id],
        ['a', `37001:${creator.pubkey}:reader`],
        ['e', foreign.id],
      ],
      now - 100,
    );
    await importAll(client, [list]);
    expect(await ids('creator_paid_tiers', { pubkey: creator.pubkey })).toEqual([
      list.id,
      patron.id,
      reader.id,
    ]);
    // an edited tier named by its address is served in its new version
    const edited = tier(creator, 'reader', 'Reader, now with more', now - 50);
    await importAll(client, [edited]);
    expect(await ids('creator_paid_tiers', { pubkey: creator.pubkey })).toEqual([
      list.id,
      patron.id,
      edited.id,
    ]);
    expect(await ids('creator_paid_tiers', { pubkey: bob.pubkey })).toEqual([]);
  });

  it('kinds 7001 and 7002 are taken by the relay, indexed, and end each other', async () => {
    const patron = tier(creator, 'patron', 'Patron', now - 200);
    const subscribe = bob.sign(
      7001,
      '',
      [
        ['p', creator.pubkey],
        ['e', patron.id],
        ['amount', '1000000', 'msats', 'monthly'],
        ['event', JSON.stringify(patron)],
      ],
      now - 40,
    );
    const relay = await TestSocket.open(server.wsUrl('/relay'));
    relay.send(['EVENT', subscribe]);
    expect(await next(relay)).toEqual(['OK', subscribe.id, true, '']);
    relay.send(['REQ', 's', { kinds: [7001], '#p': [creator.pubkey] }]);
    expect(((await next(relay)) as unknown[])[2]).toMatchObject({ id: subscribe.id });
    expect(await next(relay)).toEqual(['EOSE', 's']);
    expect(await ids('author_subscriptions', { pubkey: bob.pubkey })).toEqual([subscribe.id]);
    expect(
      await ids('author_subscriptions', { pubkey: bob.pubkey, creator: creator.pubkey }),
    ).toEqual([subscribe.id]);
    expect(
      await ids('author_subscriptions', { pubkey: bob.pubkey, creator: other.pubkey }),
    ).toEqual([]);
    // only bob ends bob's subscription
    const notBobs = other.sign(
      7002,
      '',
      [
        ['p', creator.pubkey],
        ['e', subscribe.id],
      ],
      now - 30,
    );
    await importAll(client, [notBobs]);
    expect(await ids('author_subscriptions', { pubkey: bob.pubkey })).toEqual([subscribe.id]);
    const unsubscribe = bob.sign(
      7002,
      '',
      [
        ['p', creator.pubkey],
        ['e', subscribe.id],
      ],
      now - 20,
    );
    relay.send(['EVENT', unsubscribe]);
    expect(await next(relay)).toEqual(['OK', unsubscribe.id, true, '']);
    relay.close();
    expect(await ids('author_subscriptions', { pubkey: bob.pubkey })).toEqual([]);
    expect((await client.request('author_subscriptions', { pubkey: 'nope' })).notices).toEqual([
      'invalid pubkey',
    ]);
  });
});
