import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseFeedSpec, ResultKind, type CacheEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { ServerContext } from '../src/context.ts';
import { serverVersion } from '../src/version.ts';
import { backendServer, BACKENDS, CacheClient, importAll, User } from './cache-helpers.ts';

// Commands and answers the reference web client relies on (cache-protocol.md sections 1, 2, 8).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = Math.floor(Date.now() / 1000);
const days = (n: number) => now - n * 86400;
// a follows b and c; b follows c and d; e follows a. All of it three days old.
const [a, b, c, d, e] = Array.from({ length: 5 }, () => new User());
const contents = (events: CacheEvent[], kind: number) =>
  events.filter((x) => x.kind === kind).map((x) => JSON.parse(x.content) as unknown);

describe.each(BACKENDS)('on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let ctx: ServerContext;
  let client: CacheClient;
  let notes: Record<string, NostrEvent>;
  beforeAll(async () => {
    server = await backendServer(backend, {
      extensions: [{ name: 'ctx', register: (_app, x) => void (ctx = x) }],
    });
    client = await CacheClient.open(server.wsUrl('/v1'), true);
    notes = {
      b: b.sign(1, 'b writes', [], days(1)),
      c: c.sign(1, 'c writes', [], days(1) + 10),
      d: d.sign(1, 'd writes', [], days(1) + 20),
    };
    await importAll(client, [
      ...[a, b, c, d, e].map((u, i) => u.sign(0, JSON.stringify({ name: `u${i}` }), [], days(9))),
      a.sign(
        3,
        '',
        [
          ['p', b.pubkey],
          ['p', c.pubkey],
        ],
        days(3),
      ),
      b.sign(
        3,
        '',
        [
          ['p', c.pubkey],
          ['p', d.pubkey],
        ],
        days(3),
      ),
      e.sign(3, '', [['p', a.pubkey]], days(3)),
      ...Object.values(notes),
    ]);
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  it('explore_people widens its window when the last day has no new follows', async () => {
    const page = await client.page('explore_people', {});
    // every follow is three days old: the 7-day window has them
    expect(page.range?.order_by).toBe('increase');
    expect(page.range?.elements[0]).toBe(c.pubkey); // followed by a and b
    expect(page.followerIncrease[c.pubkey]?.increase).toBe(2);
    expect(Object.keys(page.users)).toContain(c.pubkey);
  });

  it('explore_legend_counts counts follows, inner and outer network', async () => {
    const r = await client.request('explore_legend_counts', { pubkey: a.pubkey });
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({ kind: ResultKind.LegendCounts, pubkey: a.pubkey });
    expect(JSON.parse(r.events[0]!.content)).toEqual({
      your_follows: 2, // b, c
      your_inner_network: 3, // b, c and follower e
      your_outer_network: 3, // b, c and d (followed by b)
    });
  });

  it('a guest latest feed shows trending or everyone, then the default account follows', async () => {
    const spec = '{"id":"latest","kind":"notes"}';
    const stranger = new User().pubkey;
    // no default account: nothing scored in 24 h here, so the latest notes of everyone
    const before = await client.page('mega_feed_directive', { spec, user_pubkey: stranger });
    expect(before.notes.map((n) => n.id)).toEqual([notes.d!.id, notes.c!.id, notes.b!.id]);
    const guest = await client.page('mega_feed_directive', { spec, limit: 2 });
    expect(guest.notes).toHaveLength(2);
    await ctx.settings.setDefaultAccount(a.pubkey);
    for (const user_pubkey of [stranger, undefined]) {
      const page = await client.page('mega_feed_directive', { spec, user_pubkey });
      expect(page.notes.map((n) => n.id)).toEqual([notes.c!.id, notes.b!.id]);
      expect(page.range?.order_by).toBe('created_at');
    }
    // someone with follows still sees their own
    const own = await client.page('mega_feed_directive', { spec, user_pubkey: b.pubkey });
    expect(own.notes.map((n) => n.id)).toEqual([notes.d!.id, notes.c!.id]);
    // and the reads feeds of follows fall back the same way: the articles of a's follows only
    const article = (u: User, d: string, at: number) =>
      u.sign(
        30023,
        `# ${d}`,
        [
          ['d', d],
          ['title', d],
        ],
        at,
      );
    const byC = article(c, 'c-writes-long', days(2));
    await importAll(client, [byC, article(d, 'd-writes-long', days(2) + 5)]);
    for (const user_pubkey of [stranger, undefined]) {
      const reads = await client.page('mega_feed_directive', {
        spec: '{"kind":"reads","scope":"follows"}',
        user_pubkey,
      });
      expect(reads.reads.map((r) => r.id)).toEqual([byC.id]);
    }
  });

  it('events with no ids answers recent posts; extended adds enrichment and a range', async () => {
    const raw = await client.request('events', { event_ids: [], limit: 2 });
    expect(raw.events.map((x) => x.id)).toEqual([notes.d!.id, notes.c!.id]);
    const ext = await client.page('events', { event_ids: [], extended_response: true, limit: 2 });
    expect(ext.range?.elements).toEqual([notes.d!.id, notes.c!.id]);
    expect(ext.stats[notes.d!.id]).toBeDefined();
  });

  it('DVM-style feeds: our computable feeds as kind 31990 announcements', async () => {
    const featured = await client.request('get_featured_dvm_feeds', {
      kind: 'notes',
      user_pubkey: a.pubkey,
    });
    const announcements = featured.events.filter((x) => x.kind === 31990) as NostrEvent[];
    expect(announcements.length).toBeGreaterThan(3);
    const service = announcements[0]!.pubkey;
    expect(featured.events.some((x) => x.kind === 0 && x.pubkey === service)).toBe(true);
    for (const ann of announcements) {
      expect(ann.tags).toContainEqual(['k', '5300']);
      const content = JSON.parse(ann.content) as { name: string; primal_spec: string };
      expect(content.name).not.toBe('');
      expect(parseFeedSpec(content.primal_spec)).not.toBeNull();
    }
    const meta = contents(featured.events, ResultKind.DvmFeedMetadata) as Array<{ kind: string }>;
    expect(meta.map((m) => m.kind)).toEqual(announcements.map(() => 'notes'));
    const reads = await client.request('get_featured_dvm_feeds', { kind: 'reads' });
    expect(contents(reads.events, ResultKind.DvmFeedMetadata)).not.toHaveLength(0);
    expect((await client.request('get_featured_dvm_feeds', { kind: 'x' })).notices).toEqual([
      'invalid kind',
    ]);

    // b (whom a follows) likes one; its info shows the like to a
    const trending = announcements.find((x) => x.content.includes('global-trending'))!;
    const identifier = trending.tags.find((t) => t[0] === 'd')![1]!;
    await importAll(client, [
      b.sign(7, '+', [
        ['a', `31990:${service}:${identifier}`],
        ['p', service],
      ]),
    ]);
    const info = await client.request('dvm_feed_info', {
      pubkey: service,
      identifier,
      user_pubkey: a.pubkey,
    });
    expect(info.events.filter((x) => x.kind === 31990).map((x) => x.id)).toEqual([trending.id]);
    expect(contents(info.events, ResultKind.NoteStats)).toMatchObject([{ likes: 1 }]);
    expect(contents(info.events, ResultKind.DvmFollowsActions)).toEqual([
      { event_id: trending.id, users: [b.pubkey] },
    ]);
    // the announced spec runs as a feed
    const spec = (JSON.parse(trending.content) as { primal_spec: string }).primal_spec;
    expect((await client.request('mega_feed_directive', { spec })).notices).toEqual([]);

    const advanced = await client.request('get_advanced_feeds');
    expect(advanced.events.map((x) => x.kind)).toEqual([ResultKind.AdvancedFeeds]);
    const feeds = JSON.parse(advanced.events[0]!.content) as Array<Record<string, string>>;
    expect(new Set(feeds.map((f) => f.category))).toEqual(new Set(['notes', 'reads']));
    const one = feeds.find((f) => f.category === 'notes')!;
    const page = await client.request('advanced_feed', { specification: one.specification });
    expect(page.notices).toEqual([]);
  });

  it('creator_paid_tiers and parameterized_replaceable_list', async () => {
    const tier = c.sign(37001, 'Supporter', [
      ['d', 'supporter'],
      ['title', 'Supporter'],
      ['amount', '1000', 'sat', 'monthly'],
    ]);
    await importAll(client, [tier]);
    const alone = await client.request('creator_paid_tiers', { pubkey: c.pubkey });
    expect(alone.events.map((x) => x.id)).toEqual([tier.id]);
    const list = c.sign(17000, '', [['e', tier.id]]);
    await importAll(client, [list]);
    const listed = await client.request('creator_paid_tiers', { pubkey: c.pubkey });
    expect(listed.events.map((x) => x.kind)).toEqual([17000, 37001]);
    expect((await client.request('creator_paid_tiers', { pubkey: d.pubkey })).events).toEqual([]);

    const friends = a.sign(30000, '', [
      ['d', 'friends'],
      ['p', d.pubkey],
    ]);
    await importAll(client, [friends]);
    const got = await client.page('parameterized_replaceable_list', {
      pubkey: a.pubkey,
      identifier: 'friends',
      extended_response: true,
    });
    expect(got.others.map((x) => x.id)).toEqual([friends.id]);
    expect(Object.keys(got.users)).toEqual([d.pubkey]);
  });

  it('get_app_releases reports Swell, not another app', async () => {
    const r = await client.request('get_app_releases');
    expect(r.events.map((x) => x.kind)).toEqual([ResultKind.AppReleases]);
    const releases = JSON.parse(r.events[0]!.content) as Record<string, Record<string, string>>;
    expect(releases.web?.version).toBe(serverVersion);
    expect(r.events[0]!.content).not.toContain('2.0.11');
    // none configured: no mobile entry at all (app-releases.test.ts has the configured ones)
    expect(releases.ios).toBeUndefined();
    expect(releases.android).toBeUndefined();
  });
});
