import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultKind } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { backendServer, BACKENDS, CacheClient, importAll, User } from './cache-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = Math.floor(Date.now() / 1000);
const alice = new User();
const bob = new User();
const carol = new User();
const notes: NostrEvent[] = [];
let root: NostrEvent;
let reply: NostrEvent;
let replyToReply: NostrEvent;
let quote: NostrEvent;

describe.each(BACKENDS)('on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  beforeAll(async () => {
    server = await backendServer(backend);
    notes.length = 0;
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    const events: NostrEvent[] = [
      alice.sign(
        0,
        JSON.stringify({ name: 'alice', picture: 'https://example.com/a.png' }),
        [],
        now - 1000,
      ),
      bob.sign(0, JSON.stringify({ name: 'bob' }), [], now - 1000),
      carol.sign(0, JSON.stringify({ name: 'carol' }), [], now - 1000),
      alice.sign(
        3,
        '',
        [
          ['p', bob.pubkey],
          ['p', carol.pubkey],
        ],
        now - 900,
      ),
    ];
    for (let i = 0; i < 5; i++) notes.push(bob.sign(1, `bob note ${i}`, [], now - 500 + i));
    for (let i = 0; i < 5; i++)
      notes.push(
        carol.sign(1, `carol note ${i} https://example.com/pic${i}.jpg`, [], now - 400 + i),
      );
    root = notes[4]!;
    reply = carol.sign(
      1,
      'a reply',
      [
        ['e', root.id, '', 'root'],
        ['p', bob.pubkey],
      ],
      now - 100,
    );
    replyToReply = alice.sign(
      1,
      'reply to reply',
      [
        ['e', root.id, '', 'root'],
        ['e', reply.id, '', 'reply'],
      ],
      now - 50,
    );
    quote = alice.sign(1, 'look', [['q', root.id]], now - 40);
    const like = alice.sign(
      7,
      '+',
      [
        ['e', root.id],
        ['p', bob.pubkey],
      ],
      now - 30,
    );
    const repost = alice.sign(
      6,
      JSON.stringify(notes[0]),
      [
        ['e', notes[0]!.id],
        ['p', bob.pubkey],
      ],
      now - 20,
    );
    events.push(...notes, reply, replyToReply, quote, like, repost);
    await importAll(c, events);
    c.close();
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe.each([false, true])('cache /v1 feeds (zlib %s)', (zlib) => {
    let c: CacheClient;
    beforeAll(async () => {
      c = await CacheClient.open(server.wsUrl('/v1'), zlib);
    });
    afterAll(() => c.close());

    it('answers in the negotiated mode', async () => {
      const r = await c.request('user_infos', { pubkeys: [alice.pubkey] });
      expect(r.binary).toBe(zlib);
    });

    it('feed authored: newest first, enriched, with a range', async () => {
      const page = await c.page('feed', {
        pubkey: bob.pubkey,
        limit: 3,
        user_pubkey: alice.pubkey,
      });
      expect(page.notes.map((n) => n.content)).toEqual(['bob note 4', 'bob note 3', 'bob note 2']);
      expect(page.range?.elements).toEqual(page.notes.map((n) => n.id));
      expect(page.range?.order_by).toBe('created_at');
      expect(page.range?.since).toBe(notes[2]!.created_at);
      expect(page.range?.until).toBe(notes[4]!.created_at);
      expect(page.users[bob.pubkey]).toBeDefined();
      expect(page.stats[root.id]?.likes).toBe(1);
      expect(page.stats[root.id]?.replies).toBeGreaterThanOrEqual(1);
      expect(page.actions[root.id]).toMatchObject({ liked: true });
      // the range is the last event of the answer
      expect(page.raw.at(-1)?.kind).toBe(ResultKind.FeedRange);
    });

    it('feed replies variant and home feed (follows)', async () => {
      const replies = await c.page('feed', { pubkey: carol.pubkey, notes: 'replies' });
      expect(replies.notes.map((n) => n.id)).toEqual([reply.id]);
      const home = await c.page('mega_feed_directive', {
        spec: JSON.stringify({ id: 'latest', kind: 'notes' }),
        user_pubkey: alice.pubkey,
        limit: 20,
      });
      const ids = home.notes.map((n) => n.id);
      expect(ids).toHaveLength(10);
      expect(ids).not.toContain(reply.id);
      expect(home.notes[0]!.pubkey).toBe(carol.pubkey);
      expect(Object.keys(home.media).length).toBeGreaterThan(0);
    });

    it('mega_feed_directive all-notes and feed profile variant', async () => {
      const all = await c.page('mega_feed_directive', {
        spec: '{"id":"all-notes","kind":"notes"}',
        limit: 50,
      });
      const kinds = new Set(all.notes.map((n) => n.kind));
      expect(kinds).toEqual(new Set([1, 6]));
      const repost = all.notes.find((n) => n.kind === 6)!;
      expect(all.reposts[repost.id]?.id).toBe(notes[0]!.id);
      // One card per note: the repost (newer) stays, the original it shows is not an element.
      expect(all.range?.elements).toContain(repost.id);
      expect(all.range?.elements).not.toContain(notes[0]!.id);
      expect(all.range?.elements).toEqual(all.notes.map((n) => n.id));
      const prof = await c.page('mega_feed_directive', {
        spec: JSON.stringify({
          id: 'feed',
          kind: 'notes',
          pubkey: carol.pubkey,
          notes: 'user_media_thumbnails',
        }),
      });
      expect(prof.notes).toHaveLength(5);
    });

    it('thread_view: parent chain oldest first then replies', async () => {
      const page = await c.page('thread_view', { event_id: reply.id, limit: 10 });
      expect(page.ranges).toHaveLength(2);
      expect(page.ranges[0]!.elements).toEqual([root.id, reply.id]);
      expect(page.ranges[1]!.elements).toEqual([replyToReply.id]);
      expect(page.notes.map((n) => n.id)).toEqual([root.id, reply.id, replyToReply.id]);
    });

    it('events, plain and extended; the quote references its note', async () => {
      const plain = await c.request('events', { event_ids: [quote.id, root.id] });
      expect(plain.events.map((e) => e.id)).toEqual([quote.id, root.id]);
      const ext = await c.page('events', { event_ids: [quote.id], extended_response: true });
      expect(ext.mentions[root.id]?.id).toBe(root.id);
      expect(ext.users[alice.pubkey]).toBeDefined();
    });

    it('user_infos and user_profile', async () => {
      const infos = await c.page('user_infos', { pubkeys: [alice.pubkey, bob.pubkey] });
      expect(Object.keys(infos.users).sort()).toEqual([alice.pubkey, bob.pubkey].sort());
      expect(infos.followerCounts[bob.pubkey]).toBe(1);
      expect(infos.userScores[bob.pubkey]).toBeDefined();
      const profile = await c.page('user_profile', { pubkey: alice.pubkey });
      expect(profile.userStats[alice.pubkey]?.follows_count).toBe(2);
      expect(profile.media[profile.users[alice.pubkey]!.id]?.resources[0]?.url).toBe(
        'https://example.com/a.png',
      );
    });

    it('contact_list, is_user_following, user_followers, followed_by', async () => {
      const cl = await c.page('contact_list', { pubkey: alice.pubkey, extended_response: true });
      expect(cl.others.find((e) => e.kind === 3)?.pubkey).toBe(alice.pubkey);
      expect(Object.keys(cl.users).sort()).toEqual([bob.pubkey, carol.pubkey].sort());
      const yes = await c.page('is_user_following', {
        pubkey: bob.pubkey,
        user_pubkey: alice.pubkey,
      });
      expect(yes.isFollowing).toBe(true);
      const no = await c.page('is_user_following', {
        pubkey: alice.pubkey,
        user_pubkey: bob.pubkey,
      });
      expect(no.isFollowing).toBe(false);
      const followers = await c.page('user_followers', { pubkey: carol.pubkey });
      expect(Object.keys(followers.users)).toEqual([alice.pubkey]);
    });

    it('event_actions and note mentions', async () => {
      const likes = await c.page('event_actions', { event_id: root.id, kind: 7 });
      expect(likes.others.map((e) => e.kind)).toEqual([7]);
      expect(likes.users[alice.pubkey]).toBeDefined();
      const mentions = await c.page('note_mentions', { event_id: root.id });
      expect(mentions.notes.map((n) => n.id)).toEqual([quote.id]);
      const count = await c.page('note_mentions_count', { event_id: root.id });
      expect(count.quoteCounts[root.id]).toBe(1);
    });

    it('home feeds, reads feeds, default relays and settings', async () => {
      const home = await c.page('get_home_feeds', {});
      expect(home.homeFeeds?.[0]?.name).toBe('Latest');
      const reads = await c.page('get_reads_feeds', {});
      expect(reads.readsFeeds?.length).toBeGreaterThan(0);
      const relays = await c.page('get_default_relays', {});
      expect(relays.defaultRelays?.[0]).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/relay$/);
      const defaults = await c.page('get_default_app_settings', { client: 'Swell' });
      expect(defaults.defaultSettings?.client).toBe('Swell');
    });
  });
});
