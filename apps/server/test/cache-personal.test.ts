import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePage, ResultKind } from '@swell/cache-protocol';
import { nip19, type NostrEvent } from '@swell/nostr';
import type { NameRegistry } from '../src/names/name-registry.ts';
import { nprofileEncode, npubEncode } from 'nostr-tools/nip19';
import { backendServer, BACKENDS, CacheClient } from './cache-helpers.ts';
import { alice, bob, carol, seedPersonal } from './cache-personal-data.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let bobNote: NostrEvent;
let carolNote: NostrEvent;
let article: NostrEvent;

describe.each(BACKENDS)('on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  beforeAll(async () => {
    let names: NameRegistry | undefined;
    server = await backendServer(backend, {
      extensions: [{ name: 'names', register: (_app, ctx) => void (names = ctx.names) }],
    });
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    ({ bobNote, carolNote, article } = await seedPersonal(c));
    await names!.register('alice', alice.pubkey);
    c.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each([false, true])('personalised and secondary commands (zlib %s)', (zlib) => {
    let c: CacheClient;
    beforeAll(async () => {
      c = await CacheClient.open(server.wsUrl('/v1'), zlib);
    });
    afterAll(() => c.close());

    it('zaps: by sats, sent by a user, and as top zaps of a note', async () => {
      const z = await c.page('event_zaps_by_satszapped', { event_id: bobNote.id });
      expect(z.range?.order_by).toBe('amount_sats');
      const amounts = z.raw
        .filter((e) => e.kind === ResultKind.TopZap)
        .map((e) => JSON.parse(e.content).amount_sats);
      expect(amounts).toEqual([500, 21]);
      expect(z.users[alice.pubkey] && z.users[carol.pubkey]).toBeTruthy();
      const sent = await c.page('user_zaps_sent', { sender: alice.pubkey });
      expect(sent.zaps).toHaveLength(2);
      expect(sent.range?.elements).toHaveLength(2);
      const feed = await c.page('feed', { pubkey: bob.pubkey });
      expect(feed.topZaps[bobNote.id]?.map((t) => t.amount_sats)).toEqual([500, 21]);
      expect(feed.stats[bobNote.id]?.satszapped).toBe(521);
      const mz = await c.page('mega_feed_directive', {
        spec: '{"id":"most-zapped","kind":"notes","hours":4}',
      });
      expect(mz.notes.map((n) => n.id)).toEqual([bobNote.id, carolNote.id]);
      expect(mz.range?.order_by).toBe('satszapped');
      const received = await c.page('feed', { pubkey: bob.pubkey, notes: 'zaps' });
      expect(received.zaps).toHaveLength(2);
      expect(received.range?.order_by).toBe('created_at');
      const ez = await c.page('explore_zaps', {});
      expect(ez.zaps).toHaveLength(3);
    });

    it('home feed shows the follows before any muting', async () => {
      const home = { spec: '{"id":"latest","kind":"notes"}', user_pubkey: alice.pubkey };
      const before = await c.page('mega_feed_directive', home);
      expect(new Set(before.notes.map((n) => n.pubkey))).toEqual(
        new Set([bob.pubkey, carol.pubkey]),
      );
    });

    it('search: words, phrases, #tags, from:, kind:', async () => {
      const words = await c.page('search', { query: 'bitcoin money' });
      expect(words.notes.map((n) => n.id)).toEqual([bobNote.id]);
      const phrase = await c.page('search', { query: '"hard money"' });
      expect(phrase.notes.map((n) => n.id)).toEqual([bobNote.id]);
      const none = await c.page('search', { query: '"money hard"' });
      expect(none.notes).toHaveLength(0);
      const tag = await c.page('search', { query: '#money' });
      expect(tag.notes.map((n) => n.id)).toEqual([bobNote.id]);
      const from = await c.page('search', { query: `from:${npubEncode(carol.pubkey)} nostr` });
      expect(from.notes.map((n) => n.id)).toEqual([carolNote.id]);
      // -excluded words, since:/until: days (UTC, inclusive), scope:myfollows|mynetwork
      const excluded = await c.page('search', { query: 'money -hard' });
      expect(excluded.notes).toHaveLength(0);
      const kept = await c.page('search', { query: 'bitcoin -carol' });
      expect(kept.notes.map((n) => n.id)).toEqual([bobNote.id]);
      const today = new Date(bobNote.created_at * 1000).toISOString().slice(0, 10);
      const sinceToday = await c.page('search', { query: `bitcoin since:${today}` });
      expect(sinceToday.notes.map((n) => n.id)).toEqual([bobNote.id]);
      const untilToday = await c.page('search', { query: `bitcoin until:${today}` });
      expect(untilToday.notes.map((n) => n.id)).toEqual([bobNote.id]);
      const long = await c.page('search', { query: 'bitcoin until:2000-01-01' });
      expect(long.notes).toHaveLength(0);
      const bobsFollows = await c.page('search', {
        query: 'nostr scope:myfollows',
        user_pubkey: bob.pubkey,
      });
      expect(bobsFollows.notes.map((n) => n.id)).toEqual([carolNote.id]);
      const notFollowed = await c.page('search', {
        query: 'bitcoin scope:myfollows',
        user_pubkey: bob.pubkey,
      });
      expect(notFollowed.notes).toHaveLength(0);
      const network = await c.page('search', {
        query: 'bitcoin scope:mynetwork',
        user_pubkey: alice.pubkey,
      });
      expect(network.notes.map((n) => n.id)).toEqual([bobNote.id]);
      const reads = await c.page('search', { query: 'kind:30023 nostr' });
      expect(reads.reads.map((n) => n.id)).toEqual([article.id]);
      const adv = await c.page('mega_feed_directive', {
        spec: JSON.stringify({ id: 'advsearch', query: 'kind:30023 nostr' }),
      });
      expect(adv.reads.map((n) => n.id)).toEqual([article.id]);
    });

    it('user_search: by name (by score) and by npub / nprofile', async () => {
      const byName = await c.page('user_search', { query: 'bobby' });
      expect(Object.keys(byName.users)).toEqual([bob.pubkey]);
      expect(byName.userScores[bob.pubkey]).toBe(1);
      const byNpub = await c.page('user_search', { query: npubEncode(carol.pubkey) });
      expect(Object.keys(byNpub.users)).toEqual([carol.pubkey]);
      const byNprofile = await c.page('user_search', {
        query: nprofileEncode({ pubkey: alice.pubkey }),
      });
      expect(Object.keys(byNprofile.users)).toEqual([alice.pubkey]);
    });

    it('reads: feeds, topic, thread view, replaceable event, highlights, word count', async () => {
      const feed = await c.page('long_form_content_feed', { pubkey: carol.pubkey });
      expect(feed.reads.map((n) => n.id)).toEqual([article.id]);
      expect(feed.wordCounts[article.id]).toBe(10);
      const all = await c.page('mega_feed_directive', {
        spec: '{"id":"nostr-reads-feed","kind":"reads"}',
      });
      expect(all.reads.map((n) => n.id)).toEqual([article.id]);
      const topic = await c.page('mega_feed_directive', {
        spec: '{"kind":"reads","topic":"nostr"}',
      });
      expect(topic.reads.map((n) => n.id)).toEqual([article.id]);
      const follows = await c.page('mega_feed_directive', {
        spec: '{"kind":"reads","scope":"follows"}',
        user_pubkey: alice.pubkey,
      });
      expect(follows.reads.map((n) => n.id)).toEqual([article.id]);
      const tv = await c.page('long_form_content_thread_view', {
        pubkey: carol.pubkey,
        identifier: 'my-article',
        kind: 30023,
      });
      expect(tv.reads[0]?.id).toBe(article.id);
      const pre = await c.page('parametrized_replaceable_event', {
        pubkey: carol.pubkey,
        identifier: 'my-article',
        kind: 30023,
      });
      expect(pre.reads[0]?.id).toBe(article.id);
      const hl = await c.page('get_highlights', {
        pubkey: carol.pubkey,
        identifier: 'my-article',
        kind: 30023,
      });
      expect(hl.notes.map((n) => n.kind)).toEqual([9802]);
      const topics = await c.request('get_reads_topics', {});
      expect(topics.events.map((e) => e.kind)).toEqual([ResultKind.ReadsTopics]);
      expect(decodePage(topics.events).readsTopics).toEqual(['nostr']);
    });

    it('explore: every timeframe and scope', async () => {
      for (const timeframe of ['latest', 'trending', 'popular', 'mostzapped']) {
        for (const scope of ['follows', 'tribe', 'network', 'global']) {
          const page = await c.page('explore', {
            timeframe,
            scope,
            user_pubkey: alice.pubkey,
            limit: 10,
          });
          expect(page.range).toBeDefined();
          if (timeframe === 'mostzapped' && scope !== 'tribe')
            expect(page.notes[0]?.id).toBe(bobNote.id);
          if (timeframe === 'latest' && scope === 'global')
            expect(page.notes[0]?.id).toBe(carolNote.id);
        }
      }
      const people = await c.page('explore_people', {});
      expect(people.followerIncrease[carol.pubkey]?.increase).toBe(2);
      expect(people.range?.order_by).toBe('increase');
      const media = await c.page('explore_media', {});
      expect(media.notes.map((n) => n.id)).toEqual([carolNote.id]);
      const topics = await c.page('explore_topics', {});
      expect(topics.topicStats.money).toBe(1);
      const legend = await c.page('explore_legend_counts', { pubkey: alice.pubkey });
      expect(legend.legendCounts?.pubkey).toBe(alice.pubkey);
      const scored = await c.page('scored', { selector: 'mostzapped_4h' });
      expect(scored.notes[0]?.id).toBe(bobNote.id);
      const trending = await c.page('mega_feed_directive', {
        spec: '{"id":"global-trending","kind":"notes","hours":24}',
      });
      expect(trending.notes.map((n) => n.id)).toContain(bobNote.id);
      const su = await c.page('scored_users_24h', {});
      expect(Object.keys(su.users)).toContain(bob.pubkey);
    });

    it('lists: mute list, bookmarks, user relays', async () => {
      const bm = await c.page('get_bookmarks', { pubkey: alice.pubkey });
      expect(bm.others[0]?.kind).toBe(10003);
      const bmFeed = await c.page('feed', { pubkey: alice.pubkey, notes: 'bookmarks' });
      expect(bmFeed.notes.map((n) => n.id)).toEqual([carolNote.id]);
      const relays = await c.page('get_user_relays', { pubkey: alice.pubkey });
      expect(relays.userRelays[alice.pubkey]).toEqual([
        ['r', 'wss://a.example', 'read'],
        ['r', 'wss://b.example'],
      ]);
    });

    it('notifications and their counts', async () => {
      const n = await c.page('get_notifications', { pubkey: bob.pubkey, type_group: 'all' });
      const types = n.notifications.map((x) => x.type).sort();
      expect(types).toContain(3);
      expect(types).toContain(4);
      expect(n.range?.elements).toHaveLength(n.notifications.length);
      expect(n.userStats[alice.pubkey]).toBeDefined();
      const zapsOnly = await c.page('get_notifications', {
        pubkey: bob.pubkey,
        type_group: 'zaps',
      });
      expect(zapsOnly.notifications.every((x) => x.type === 3)).toBe(true);
      expect(n.stats[bobNote.id]).toBeDefined();
      const seen = await c.page('get_notifications_seen', { pubkey: bob.pubkey });
      expect(seen.notificationsSeen).toBe(0);
    });

    it('direct messages: contacts, messages, counts', async () => {
      const contacts = await c.page('get_directmsg_contacts', {
        user_pubkey: alice.pubkey,
        relation: 'follows',
      });
      expect(contacts.dmContacts[bob.pubkey]?.cnt).toBe(1);
      expect(contacts.range?.elements).toEqual([bob.pubkey]);
      const msgs = await c.page('get_directmsgs', { receiver: alice.pubkey, sender: bob.pubkey });
      expect(msgs.others.map((e) => e.kind)).toEqual([4, 4]);
      const other = await c.page('get_directmsg_contacts', {
        user_pubkey: alice.pubkey,
        relation: 'other',
      });
      expect(other.range?.elements).toEqual([]);
    });

    it('defaults: suggested users, app releases, featured authors, recommended reads', async () => {
      const su = await c.page('get_suggested_users', {});
      expect(su.suggestedUsers?.[0]?.members.map((m) => m.pubkey)).toContain(carol.pubkey);
      const rel = await c.request('get_app_releases', {});
      expect(rel.events).toHaveLength(1);
      const fa = await c.request('get_featured_authors', {});
      expect(fa.events.map((e) => e.kind)).toEqual([ResultKind.FeaturedAuthors]);
      expect(decodePage(fa.events).featuredAuthors).toEqual([carol.pubkey]);
      const rr = await c.request('get_recommended_reads', {});
      expect(rr.events.map((e) => e.kind)).toEqual([ResultKind.RecommendedReads]);
      const reads = decodePage(rr.events).recommendedReads!;
      expect(reads.map(([, title]) => title)).toEqual(['Nostr']);
      expect(nip19.decode(reads[0]![0])).toEqual({
        type: 'naddr',
        data: { kind: 30023, pubkey: carol.pubkey, identifier: 'my-article', relays: [] },
      });
    });

    it('verified names for nip05 on this server', async () => {
      const infos = await c.page('user_infos', { pubkeys: [alice.pubkey] });
      expect(infos.verifiedNames[alice.pubkey]).toBe('alice');
    });
  });
});
