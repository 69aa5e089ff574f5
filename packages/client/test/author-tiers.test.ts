import { afterEach, describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { CacheApi } from '../src/cache/cache-api.ts';
import {
  loadAuthorSubscriptions,
  loadAuthorTiers,
  parseTier,
  subscriptionTemplate,
  tierCostMsat,
  unsubscribeTemplate,
} from '../src/subscriptions/author-tiers.ts';
import { clientTestServer } from './helpers.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const creator = generateSecretKey();
const reader = generateSecretKey();
const now = Math.floor(Date.now() / 1000);
const sign = (sk: Uint8Array, kind: number, tags: string[][], content = '', at = now) =>
  finalizeEvent({ kind, created_at: at, tags, content }, sk);

const patron = sign(
  creator,
  37001,
  [
    ['d', 'patron'],
    ['title', 'Patron'],
    ['amount', '5', 'USD', 'monthly'],
    ['amount', '50', 'USD', 'yearly'],
    ['amount', '9', 'EUR', 'monthly'],
    ['perk', 'Q&A'],
    ['zap', 'ab'.repeat(32), 'wss://r.example', '1'],
  ],
  'Keeps the coffee coming.',
  now - 20,
);
const reader1 = sign(
  creator,
  37001,
  [
    ['d', 'reader'],
    ['amount', '1500', 'msats', 'monthly'],
  ],
  'Reader tier',
  now - 30,
);

describe('author tiers', () => {
  it('reads tiers as the reference client does, leaving out prices it cannot pay', () => {
    const tier = parseTier(patron)!;
    expect(tier.title).toBe('Patron');
    expect(tier.description).toBe('Keeps the coffee coming.');
    expect(tier.perks).toEqual(['Q&A']);
    expect(tier.costs).toEqual([
      { amount: '5', unit: 'USD', cadence: 'monthly' },
      { amount: '50', unit: 'USD', cadence: 'yearly' },
    ]);
    expect(tier.address).toBe(`37001:${getPublicKey(creator)}:patron`);
    // No title tag: the content is the title.
    expect(parseTier(reader1)!.title).toBe('Reader tier');
    // Only unknown units: nothing to pay.
    expect(parseTier(sign(creator, 37001, [['amount', '3', 'EUR', 'monthly']]))).toBeNull();
    expect(parseTier(sign(creator, 1, []))).toBeNull();
  });

  it('prices a period in msats, dollars at the given rate, whole sats rounded up', () => {
    expect(tierCostMsat({ amount: '1500', unit: 'msats', cadence: 'monthly' })).toBe(2000);
    expect(tierCostMsat({ amount: '21', unit: 'sats', cadence: 'monthly' })).toBe(21_000);
    // 5 USD at 100,000 USD/BTC = 5,000 sats.
    expect(tierCostMsat({ amount: '5', unit: 'USD', cadence: 'monthly' }, 100_000)).toBe(5_000_000);
    expect(tierCostMsat({ amount: '5', unit: 'USD', cadence: 'monthly' })).toBeNull();
  });

  it('writes 7001 and 7002 with the reference tags', () => {
    const tier = parseTier(patron)!;
    const sub = subscriptionTemplate(tier, tier.costs[1]!);
    expect(sub.kind).toBe(7001);
    expect(sub.tags).toEqual([
      ['p', getPublicKey(creator)],
      ['e', patron.id],
      ['amount', '50', 'USD', 'yearly'],
      ['event', JSON.stringify(patron)],
      ['zap', 'ab'.repeat(32), 'wss://r.example', '1'],
    ]);
    const signed = finalizeEvent({ ...sub, created_at: now }, reader);
    expect(unsubscribeTemplate(signed)).toEqual({
      kind: 7002,
      content: '',
      tags: [
        ['p', getPublicKey(creator)],
        ['e', signed.id],
      ],
    });
  });

  it('loads tiers and open subscriptions from the real server', async () => {
    const server = await clientTestServer();
    cleanup.push(() => server.close());
    const api = new CacheApi(new CacheConnection({ url: server.cacheUrl }));
    cleanup.push(() => api.connection.destroy());
    const list = sign(creator, 17000, [
      ['e', patron.id],
      ['e', reader1.id],
    ]);
    await api.importEvents([patron, reader1, list]);
    const tiers = await loadAuthorTiers(api, getPublicKey(creator));
    expect(tiers.map((t) => t.title)).toEqual(['Patron', 'Reader tier']);

    const tier = tiers[0]!;
    const sub: NostrEvent = finalizeEvent(
      { ...subscriptionTemplate(tier, tier.costs[0]!), created_at: now },
      reader,
    );
    await api.importEvents([sub]);
    const open = await loadAuthorSubscriptions(api, getPublicKey(reader), getPublicKey(creator));
    expect(open.map((e) => e.id)).toEqual([sub.id]);
    await api.importEvents([
      finalizeEvent({ ...unsubscribeTemplate(sub), created_at: now + 1 }, reader),
    ]);
    expect(await loadAuthorSubscriptions(api, getPublicKey(reader), getPublicKey(creator))).toEqual(
      [],
    );
  });
});
