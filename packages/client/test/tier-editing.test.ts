import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { finalizeEvent, generateSecretKey, getPublicKey } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { CacheApi } from '../src/cache/cache-api.ts';
import { loadAuthorTiers, parseTier } from '../src/subscriptions/author-tiers.ts';
import {
  emptyTierDraft,
  hasTierErrors,
  keptTierCosts,
  loadCreatorTiers,
  newTierIdentifier,
  parseTierSats,
  tierDraftOf,
  tierListTemplate,
  tierTemplate,
  validateTierDraft,
  type TierDraft,
} from '../src/subscriptions/tier-editing.ts';
import { clientTestServer } from './helpers.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const creator = generateSecretKey();
const pk = getPublicKey(creator);
const now = Math.floor(Date.now() / 1000);
const nowMs = now * 1000;
const sign = (template: { kind: number; created_at: number; tags: string[][]; content: string }) =>
  finalizeEvent(template, creator) as SignedEvent;

const draft = (over: Partial<TierDraft> = {}): TierDraft => ({
  ...emptyTierDraft(),
  title: 'Sketchbook',
  description: 'A look over my shoulder.',
  prices: { monthly: '2100', yearly: '' },
  perks: ['A sketch every week'],
  ...over,
});

describe('tier drafts', () => {
  it('asks for a title and positive whole prices in sats, and for at least one price', () => {
    expect(validateTierDraft(draft())).toEqual({});
    expect(validateTierDraft(draft({ title: '   ' })).title).toBe('empty');
    expect(validateTierDraft(draft({ title: 'x'.repeat(201) })).title).toBe('too-long');
    const price = (monthly: string) =>
      validateTierDraft(draft({ prices: { monthly, yearly: '' } }));
    expect(price('0').prices).toEqual({ monthly: 'not-positive' });
    expect(price('-5').prices).toEqual({ monthly: 'not-positive' });
    expect(price('1.5').prices).toEqual({ monthly: 'not-whole' });
    expect(price('ten').prices).toEqual({ monthly: 'not-number' });
    expect(price('100000001').prices).toEqual({ monthly: 'too-large' });
    expect(price('1,000')).toEqual({});
    expect(parseTierSats(' 21 000 ')).toBe(21000);
    expect(price('').price).toBe('missing');
    // A dollar price kept from the tier being edited is a price.
    expect(validateTierDraft(draft({ prices: { monthly: '', yearly: '' } }), 1)).toEqual({});
    expect(hasTierErrors(price('0'))).toBe(true);
    expect(hasTierErrors({})).toBe(false);
  });

  it('never throws on any typed text, and what it accepts becomes a tier the reader reads back', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.string(),
        fc.array(fc.string(), { maxLength: 4 }),
        (title, monthly, yearly, perks) => {
          const d = draft({ title, prices: { monthly, yearly }, perks });
          const errors = validateTierDraft(d);
          if (hasTierErrors(errors)) return;
          const tier = parseTier(sign(tierTemplate(d, 'x', null, nowMs)))!;
          expect(tier.title).toBe(title.trim().slice(0, 200));
          expect(tier.perks).toEqual(perks.map((p) => p.trim()).filter(Boolean));
          expect(tierDraftOf(tier).prices).toEqual({
            monthly: monthly.trim() ? String(parseTierSats(monthly)) : '',
            yearly: yearly.trim() ? String(parseTierSats(yearly)) : '',
          });
        },
      ),
    );
  });

  it('makes a d from the title with a random suffix', () => {
    expect(newTierIdentifier('Café & Prints!', () => 0.5)).toBe('cafe-prints-i00000');
    expect(newTierIdentifier('✨', () => 0)).toBe('tier-000000');
  });
});

describe('tier events', () => {
  it('writes a tier as the reference reads it: msats per cadence, perks, title and content', () => {
    const event = tierTemplate(
      draft({ prices: { monthly: '2100', yearly: '21000' }, perks: ['A sketch', ' '] }),
      'sketchbook-abc123',
      null,
      nowMs,
    );
    expect(event).toEqual({
      kind: 37001,
      created_at: now,
      content: 'A look over my shoulder.',
      tags: [
        ['d', 'sketchbook-abc123'],
        ['title', 'Sketchbook'],
        ['amount', '2100000', 'msats', 'monthly'],
        ['amount', '21000000', 'msats', 'yearly'],
        ['perk', 'A sketch'],
      ],
    });
    const tier = parseTier(sign(event))!;
    expect(tier.address).toBe(`37001:${pk}:sketchbook-abc123`);
    expect(tier.costs).toEqual([
      { amount: '2100000', unit: 'msats', cadence: 'monthly' },
      { amount: '21000000', unit: 'msats', cadence: 'yearly' },
    ]);
  });

  it('edits a tier in place: same d, later created_at, keeps the tags it does not own', () => {
    const previous = sign({
      kind: 37001,
      created_at: now + 5,
      content: 'Old',
      tags: [
        ['d', 'patron'],
        ['title', 'Patron'],
        ['amount', '5000', 'sats', 'monthly'],
        ['amount', '5', 'USD', 'monthly'],
        ['amount', '100', 'sats', 'weekly'],
        ['perk', 'Old perk'],
        ['zap', 'ab'.repeat(32), 'wss://r.example', '1'],
        ['image', 'https://example.com/p.png'],
      ],
    });
    const tier = parseTier(previous)!;
    const edited = tierDraftOf(tier);
    expect(edited).toEqual({
      title: 'Patron',
      description: 'Old',
      prices: { monthly: '5000', yearly: '' },
      perks: ['Old perk'],
    });
    expect(keptTierCosts(tier)).toEqual([
      { amount: '5', unit: 'USD', cadence: 'monthly' },
      { amount: '100', unit: 'sats', cadence: 'weekly' },
    ]);
    const event = tierTemplate(
      { ...edited, prices: { monthly: '6000', yearly: '' }, perks: ['New perk'] },
      'patron',
      previous,
      nowMs,
    );
    // Signed in the same second as a previous version dated later: still the newer one.
    expect(event.created_at).toBe(now + 6);
    expect(event.tags).toEqual([
      ['d', 'patron'],
      ['title', 'Patron'],
      ['amount', '6000000', 'msats', 'monthly'],
      ['amount', '5', 'USD', 'monthly'],
      ['amount', '100', 'sats', 'weekly'],
      ['perk', 'New perk'],
      ['zap', 'ab'.repeat(32), 'wss://r.example', '1'],
      ['image', 'https://example.com/p.png'],
    ]);
  });

  it('lists tiers by a tag, converting e tags, adding, removing, keeping other tags', () => {
    const a = parseTier(sign(tierTemplate(draft({ title: 'A' }), 'a', null, nowMs)))!;
    const b = parseTier(sign(tierTemplate(draft({ title: 'B' }), 'b', null, nowMs)))!;
    const list = sign({
      kind: 17000,
      created_at: now + 3,
      content: '',
      tags: [
        ['e', b.id],
        ['alt', 'Tier list'],
        ['e', 'cd'.repeat(32)],
        ['a', a.address],
      ],
    });
    const current = { list, tiers: [b, a] };
    expect(tierListTemplate(current, { add: `37001:${pk}:c` }, nowMs)).toEqual({
      kind: 17000,
      created_at: now + 4,
      content: '',
      tags: [
        ['a', b.address],
        ['alt', 'Tier list'],
        ['e', 'cd'.repeat(32)],
        ['a', a.address],
        ['a', `37001:${pk}:c`],
      ],
    });
    expect(tierListTemplate(current, { remove: b.address }, nowMs)!.tags).toEqual([
      ['alt', 'Tier list'],
      ['e', 'cd'.repeat(32)],
      ['a', a.address],
    ]);
    // Already by a tag and nothing to change: nothing to publish.
    const byA = sign({ ...list, tags: [['a', b.address]] });
    expect(tierListTemplate({ list: byA, tiers: [b] }, { add: b.address }, nowMs)).toBeNull();
    // Without a list (the server then shows every tier): one naming them all.
    expect(tierListTemplate({ list: null, tiers: [a] }, { add: b.address }, nowMs)!.tags).toEqual([
      ['a', a.address],
      ['a', b.address],
    ]);
  });
});

describe('tiers on the real server', () => {
  it('answers an edited tier at its newest version and drops a removed one', async () => {
    const server = await clientTestServer();
    cleanup.push(() => server.close());
    const api = new CacheApi(new CacheConnection({ url: server.cacheUrl }));
    cleanup.push(() => api.connection.destroy());

    // A tier listed the devnet's way, by e tag (that version).
    const first = sign(tierTemplate(draft(), 'sketchbook', null, nowMs - 60_000));
    const oldList = sign({
      kind: 17000,
      created_at: now - 50,
      content: '',
      tags: [['e', first.id]],
    });
    await api.importEvents([first, oldList]);
    let current = await loadCreatorTiers(api, pk);
    expect(current.list?.id).toBe(oldList.id);
    expect(current.tiers.map((t) => t.id)).toEqual([first.id]);

    // The edit: same d; the list is published again by a tag, so the newest version is served.
    const tier = current.tiers[0]!;
    const edited = sign(
      tierTemplate(
        { ...tierDraftOf(tier), prices: { monthly: '3000', yearly: '' } },
        'sketchbook',
        tier.event,
        nowMs,
      ),
    );
    await api.importEvents([edited]);
    // The server keeps only the newest version, so a list naming the old one by e tag now names
    // nothing: that is why the editor publishes the list by a tag (before the edit).
    expect(await loadAuthorTiers(api, pk)).toEqual([]);
    const newList = sign(tierListTemplate(current, { add: tier.address }, nowMs)!);
    expect(newList.tags).toEqual([['a', tier.address]]);
    await api.importEvents([newList]);
    const tiers = await loadAuthorTiers(api, pk);
    expect(tiers.map((t) => [t.id, t.costs[0]!.amount])).toEqual([[edited.id, '3000000']]);

    // Removed: the list without it, and a kind 5 by a tag.
    current = await loadCreatorTiers(api, pk);
    const emptied = sign(tierListTemplate(current, { remove: tier.address }, nowMs + 1000)!);
    const deletion = sign({
      kind: 5,
      created_at: now + 1,
      content: '',
      tags: [
        ['e', edited.id],
        ['a', tier.address],
        ['k', '37001'],
      ],
    });
    await api.importEvents([emptied, deletion]);
    expect(await loadCreatorTiers(api, pk)).toEqual({ list: emptied, tiers: [] });
  });
});
