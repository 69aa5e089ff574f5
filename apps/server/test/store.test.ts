import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filter, NostrEvent } from '@swell/nostr';
import { openStore } from '../src/store/open-store.ts';
import type { Store } from '../src/store/store.ts';
import { startPgCluster, type PgCluster } from '../src/testing/pg-cluster.ts';
import { invalidEvents, realEvents, zapInvoices } from './store-fixtures.ts';
import { testUser } from './relay-helpers.ts';

// The same storage suite runs on the embedded SQLite store and on a throwaway PostgreSQL cluster.
describe.each(['sqlite', 'postgres'] as const)('store on %s', (dialect) => {
  let store: Store;
  let cluster: PgCluster | undefined;
  const events = realEvents();

  beforeAll(async () => {
    if (dialect === 'postgres') {
      cluster = await startPgCluster();
      store = await openStore({ dataDir: '', databaseUrl: await cluster.createDatabase() });
    } else {
      store = await openStore({ dataDir: '', sqliteFile: ':memory:' });
    }
    expect(store.dialect).toBe(dialect);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
  });

  it('accepts all 6,543 real events, and re-importing finds only duplicates', async () => {
    const results = await store.ingest(events, { source: 'import' });
    expect(results).toHaveLength(6543);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const counts: Record<string, number> = {};
    for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
    // One draft (kind 31234) arrives after its author's deletion of that address.
    expect(counts).toEqual({ accepted: 6542, duplicate: 1 });
    const again = await store.ingest(events.slice(0, 300));
    expect(again.every((r) => r.status === 'duplicate')).toBe(true);
  }, 120_000);

  it('rejects the 57 invalid events with reasons', async () => {
    const invalid = invalidEvents();
    const results = await store.ingest(invalid.map((x) => x.event));
    expect(results.map((r) => r.status)).toEqual(invalid.map(() => 'rejected'));
    invalid.forEach((x, i) => {
      const r = results[i]!;
      // Three (NIP-60 tokens whose content was damaged) carry U+0000, refused before hashing.
      const text = JSON.stringify([x.event.content, x.event.tags]);
      const expected = text.includes('\\u0000')
        ? 'invalid: content and tags must be well-formed Unicode without U+0000'
        : x.problem === 'bad signature'
          ? 'invalid: bad signature'
          : 'invalid: id does not match the event hash';
      expect(r.message).toBe(expected);
    });
  });

  it('rejects malformed input with reasons without failing the batch', async () => {
    const u = testUser();
    const good = u.sign({ kind: 1, content: 'fine' });
    const future = u.sign({
      kind: 1,
      content: 'later',
      created_at: Math.floor(Date.now() / 1000) + 3600,
    });
    const results = await store.ingest([null, 'not json', { ...good, kind: 'one' }, future, good]);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'accepted',
    ]);
    expect(results[2]!.message).toMatch(/^invalid: kind/);
    expect(results[3]!.message).toBe('invalid: created_at is too far in the future');
  });

  it('derives satszapped and zap counts that agree with the receipts', async () => {
    const amountByReceipt = new Map(zapInvoices().map((z) => [z.receipt_id, z.amount_msat]));
    const expected = new Map<string, { sats: number; zaps: number }>();
    for (const e of events) {
      if (e.kind !== 9735) continue;
      const target = e.tags.find((t) => t[0] === 'e')?.[1];
      const msat = amountByReceipt.get(e.id);
      if (!target || msat === undefined) continue;
      const cur = expected.get(target) ?? { sats: 0, zaps: 0 };
      cur.sats += Math.floor(msat / 1000);
      cur.zaps += 1;
      expected.set(target, cur);
    }
    expect(expected.size).toBeGreaterThan(50);
    const rows = await store.db
      .selectFrom('event_stats')
      .select(['event_id', 'satszapped', 'zaps'])
      .where('event_id', 'in', [...expected.keys()])
      .execute();
    const actual = new Map(
      rows.map((r) => [r.event_id, { sats: Number(r.satszapped), zaps: Number(r.zaps) }]),
    );
    expect(actual).toEqual(expected);
    const zapRows = await store.db
      .selectFrom('zaps')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(zapRows.n)).toBe(740);
  });

  it('derives likes, reposts and replies that agree with the raw events', async () => {
    const likers = new Map<string, Set<string>>();
    const replies = new Map<string, number>();
    for (const e of events) {
      if (e.kind === 7 && e.content !== '-') {
        const es = e.tags.filter((t) => t[0] === 'e');
        const target = es[es.length - 1]?.[1];
        if (!target || !/^[0-9a-f]{64}$/.test(target)) continue;
        if (!likers.has(target)) likers.set(target, new Set());
        likers.get(target)!.add(e.pubkey);
      }
    }
    const deletedIds = new Set(
      events
        .filter((e) => e.kind === 5)
        .flatMap((d) => d.tags.filter((t) => t[0] === 'e').map((t) => t[1]!)),
    );
    for (const e of events) {
      if (e.kind !== 1 || deletedIds.has(e.id)) continue;
      const refs = e.tags.filter((t) => t[0] === 'e' && /^[0-9a-f]{64}$/.test(t[1] ?? ''));
      const marked = refs.find((t) => t[3] === 'reply') ?? refs.find((t) => t[3] === 'root');
      const plain = refs.filter((t) => !['mention', 'root', 'reply'].includes(t[3] ?? ''));
      const parent = (marked ?? plain[plain.length - 1])?.[1];
      if (parent) replies.set(parent, (replies.get(parent) ?? 0) + 1);
    }
    const ids = [...new Set([...likers.keys(), ...replies.keys()])];
    const rows = await store.db
      .selectFrom('event_stats')
      .select(['event_id', 'likes', 'replies'])
      .where('event_id', 'in', ids)
      .execute();
    const got = new Map(rows.map((r) => [r.event_id, r]));
    for (const [id, set] of likers) expect(Number(got.get(id)?.likes ?? 0), id).toBe(set.size);
    for (const [id, n] of replies) expect(Number(got.get(id)?.replies ?? 0), id).toBe(n);
  });

  it('keeps the follow graph of each current contact list', async () => {
    const latest = new Map<string, NostrEvent>();
    for (const e of events) {
      if (e.kind !== 3) continue;
      const cur = latest.get(e.pubkey);
      if (
        !cur ||
        e.created_at > cur.created_at ||
        (e.created_at === cur.created_at && e.id < cur.id)
      )
        latest.set(e.pubkey, e);
    }
    for (const [pubkey, e] of [...latest].slice(0, 20)) {
      const expected = new Set(
        e.tags
          .filter((t) => t[0] === 'p' && /^[0-9a-f]{64}$/.test(t[1] ?? '') && t[1] !== pubkey)
          .map((t) => t[1]),
      );
      const rows = await store.db
        .selectFrom('follows')
        .select('followed')
        .where('follower', '=', pubkey)
        .execute();
      expect(new Set(rows.map((r) => r.followed))).toEqual(expected);
      const stats = await store.db
        .selectFrom('user_stats')
        .select('follows_count')
        .where('pubkey', '=', pubkey)
        .executeTakeFirst();
      expect(Number(stats?.follows_count)).toBe(expected.size);
    }
  });

  it('answers NIP-01 queries and counts from the stored events', async () => {
    const note = events.find((e) => e.kind === 1 && e.tags.some((t) => t[0] === 'p'))!;
    const p = note.tags.find((t) => t[0] === 'p')![1]!;
    const byTag = await store.queryEvents([{ '#p': [p], kinds: [1], limit: 500 }]);
    expect(byTag.map((e) => e.id)).toContain(note.id);
    expect(byTag.every((e) => e.kind === 1 && e.tags.some((t) => t[0] === 'p' && t[1] === p))).toBe(
      true,
    );
    for (let i = 1; i < byTag.length; i++)
      expect(byTag[i - 1]!.created_at).toBeGreaterThanOrEqual(byTag[i]!.created_at);
    const n = await store.countEvents([{ '#p': [p], kinds: [1] }]);
    expect(n).toBe(byTag.length);
    expect(await store.getEvents([note.id])).toEqual([note]);
    const kinds = await store.queryEvents([{ kinds: [0], limit: 5 }, { ids: [note.id] }]);
    expect(kinds).toHaveLength(6);
  });

  // Found by the socket fuzzer (issue 30): on PostgreSQL one such event made its whole batch fail,
  // other clients' events included, and such a filter made REQ and COUNT fail.
  it('refuses events it cannot hold exactly, each alone, without failing its batch', async () => {
    const u = testUser();
    const good = u.sign({ kind: 1, content: 'fine' });
    const alsoGood = u.sign({ kind: 1, content: 'also fine' });
    const results = await store.ingest([
      good,
      u.sign({ kind: 1, content: 'a \u0000 inside' }),
      u.sign({ kind: 1, content: 'tagged', tags: [['t', 'a\u0000b']] }),
      u.sign({ kind: 1, content: 'a lone \ud800 surrogate' }),
      u.sign({ kind: 1, content: 'a lone \udc00 low surrogate' }),
      u.sign({ kind: 2 ** 31, content: 'kind too large' }),
      u.sign({ kind: 1, content: 'a pair 💥 is fine' }),
      alsoGood,
    ]);
    expect(results.map((r) => r.message)).toEqual([
      '',
      'invalid: content and tags must be well-formed Unicode without U+0000',
      'invalid: content and tags must be well-formed Unicode without U+0000',
      'invalid: content and tags must be well-formed Unicode without U+0000',
      'invalid: content and tags must be well-formed Unicode without U+0000',
      'invalid: kind must be at most 2147483647',
      '',
      '',
    ]);
    expect(await store.getEvents([good.id, alsoGood.id])).toHaveLength(2);
  });

  it('answers filters holding values no stored event can have, instead of failing', async () => {
    const u = testUser();
    const note = u.sign({ kind: 1, content: 'findable', tags: [['t', 'findable']] });
    await store.ingest([note]);
    const cases: Array<[Filter, number]> = [
      [{ ids: [note.id], since: 2 ** 63 }, 0],
      [{ ids: [note.id], since: 1e300 }, 0],
      [{ ids: [note.id], until: 1e300 }, 1],
      [{ ids: [note.id], until: 2 ** 63, since: note.created_at - 0.5 }, 1],
      [{ ids: [note.id], until: note.created_at + 0.5 }, 1],
      [{ ids: [note.id], kinds: [2 ** 40, 1] }, 1],
      [{ ids: [note.id], kinds: [2 ** 40] }, 0],
      [{ ids: ['\u0000', note.id] }, 1],
      [{ authors: ['\ud800'] }, 0],
      [{ '#t': ['a\u0000b', 'findable'] }, 1],
      [{ '#t': ['\u0000'] }, 0],
    ];
    for (const [filter, n] of cases) {
      expect([filter, (await store.queryEvents([filter])).length]).toEqual([filter, n]);
      expect([filter, await store.countEvents([filter])]).toEqual([filter, n]);
    }
  });

  it('NIP-40: stores expiring events (imports keep history) but no longer serves expired ones', async () => {
    const u = testUser();
    const now = Math.floor(Date.now() / 1000);
    const expired = u.sign({ kind: 1, content: 'gone', tags: [['expiration', String(now - 10)]] });
    const lasting = u.sign({
      kind: 1,
      content: 'stays',
      tags: [['expiration', String(now + 3600)]],
    });
    const results = await store.ingest([expired, lasting]);
    expect(results.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    expect(await store.queryEvents([{ ids: [expired.id, lasting.id] }])).toEqual([lasting]);
  });

  describe('derived tables of a small social graph', () => {
    const alice = testUser();
    const bob = testUser();
    const carol = testUser();
    let post: NostrEvent;

    beforeAll(async () => {
      post = alice.sign({ kind: 1, content: 'hello @carol', tags: [['p', carol.pubkey]] });
      const results = await store.ingest([
        post,
        bob.sign({ kind: 3, tags: [['p', alice.pubkey]] }),
        bob.sign({
          kind: 7,
          content: '+',
          tags: [
            ['e', post.id],
            ['p', alice.pubkey],
          ],
        }),
        bob.sign({
          kind: 7,
          content: '+',
          tags: [
            ['e', post.id],
            ['p', alice.pubkey],
          ],
        }),
        bob.sign({
          kind: 1,
          content: 'a reply longer than twenty characters',
          tags: [
            ['e', post.id, '', 'reply'],
            ['p', alice.pubkey],
          ],
        }),
        bob.sign({
          kind: 6,
          content: '',
          tags: [
            ['e', post.id],
            ['p', alice.pubkey],
          ],
        }),
        carol.sign({ kind: 1, content: 'quoting', tags: [['q', post.id]] }),
        bob.sign({ kind: 4, content: 'x?iv=y', tags: [['p', alice.pubkey]] }),
        bob.sign({ kind: 4, content: 'x?iv=z', tags: [['p', alice.pubkey]] }),
      ]);
      expect(results.every((r) => r.status === 'accepted')).toBe(true);
    });

    it('stats and scores', async () => {
      const s = await store.db
        .selectFrom('event_stats')
        .selectAll()
        .where('event_id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect({
        likes: s.likes,
        replies: s.replies,
        reposts: s.reposts,
        mentions: s.mentions,
      }).toEqual({
        likes: 1,
        replies: 1,
        reposts: 1,
        mentions: 1,
      });
      // like 1 (once per user) + reply of 21-100 chars 5 + repost 7 + quote 7
      expect(Number(s.score)).toBe(20);
      expect(Number(s.score24h)).toBe(20);
      expect(
        await store.expireScores(Math.floor(Date.now() / 1000) + 2 * 86_400),
      ).toBeGreaterThanOrEqual(4);
      const after = await store.db
        .selectFrom('event_stats')
        .select(['score', 'score24h'])
        .where('event_id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect([Number(after.score), Number(after.score24h)]).toEqual([20, 0]);
      const actions = await store.db
        .selectFrom('note_actions')
        .selectAll()
        .where('pubkey', '=', bob.pubkey)
        .where('event_id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect(actions).toMatchObject({ liked: 1, replied: 1, reposted: 1, zapped: 0 });
    });

    it('notifications of each type with their role fields', async () => {
      const rows = await store.db
        .selectFrom('notifications')
        .selectAll()
        .where('pubkey', 'in', [alice.pubkey, carol.pubkey])
        .orderBy('type')
        .execute();
      const summary = rows.map((r) => [
        r.pubkey === alice.pubkey ? 'alice' : 'carol',
        Number(r.type),
        JSON.parse(r.data) as object,
      ]);
      expect(summary).toEqual(
        expect.arrayContaining([
          ['alice', 1, { follower: bob.pubkey }],
          ['alice', 4, { your_post: post.id, who_liked_it: bob.pubkey }],
          ['alice', 5, { your_post: post.id, who_reposted_it: bob.pubkey }],
          [
            'alice',
            6,
            expect.objectContaining({ your_post: post.id, who_replied_to_it: bob.pubkey }),
          ],
          ['alice', 8, expect.objectContaining({ your_post: post.id })],
          ['carol', 7, { you_were_mentioned_in: post.id }],
          ['carol', 102, { post_you_were_mentioned_in: post.id, who_liked_it: bob.pubkey }],
          ['carol', 103, { post_you_were_mentioned_in: post.id, who_reposted_it: bob.pubkey }],
          ['carol', 104, expect.objectContaining({ post_you_were_mentioned_in: post.id })],
        ]),
      );
      expect(rows.filter((r) => Number(r.type) === 4)).toHaveLength(1);
    });

    it('DM counters and user stats', async () => {
      const dm = await store.db
        .selectFrom('dm_counts')
        .selectAll()
        .where('receiver', '=', alice.pubkey)
        .executeTakeFirstOrThrow();
      expect(dm).toMatchObject({ sender: bob.pubkey, cnt: 2 });
      const back = await store.db
        .selectFrom('dm_counts')
        .selectAll()
        .where('receiver', '=', bob.pubkey)
        .executeTakeFirstOrThrow();
      expect(back).toMatchObject({
        sender: alice.pubkey,
        cnt: 0,
        latest_event_id: dm.latest_event_id,
      });
      const a = await store.db
        .selectFrom('user_stats')
        .selectAll()
        .where('pubkey', '=', alice.pubkey)
        .executeTakeFirstOrThrow();
      expect(a).toMatchObject({ followers_count: 1, note_count: 1, reply_count: 0 });
      const b = await store.db
        .selectFrom('user_stats')
        .selectAll()
        .where('pubkey', '=', bob.pubkey)
        .executeTakeFirstOrThrow();
      expect(b).toMatchObject({ follows_count: 1, reply_count: 1 });
    });

    it('a deleted like is taken back: count, flag, score and notification', async () => {
      const dave = testUser();
      const like = dave.sign({
        kind: 7,
        content: '+',
        tags: [
          ['e', post.id],
          ['p', alice.pubkey],
        ],
      });
      await store.ingest([like]);
      const stats = () =>
        store.db
          .selectFrom('event_stats')
          .select(['likes', 'score'])
          .where('event_id', '=', post.id)
          .executeTakeFirstOrThrow();
      const before = await stats();
      expect(Number(before.likes)).toBe(2);
      await store.ingest([dave.sign({ kind: 5, tags: [['e', like.id]] })]);
      const after = await stats();
      expect([Number(after.likes), Number(after.score)]).toEqual([1, Number(before.score) - 1]);
      const notes = await store.db
        .selectFrom('notifications')
        .select('id')
        .where('source_event_id', '=', like.id)
        .execute();
      expect(notes).toEqual([]);
      const action = await store.db
        .selectFrom('note_actions')
        .select('liked')
        .where('pubkey', '=', dave.pubkey)
        .executeTakeFirstOrThrow();
      expect(Number(action.liked)).toBe(0);
    });

    it('a deletion earlier in the same batch keeps its target out; one by someone else does not', async () => {
      const erin = testUser();
      const mallory = testUser();
      const replies = async () =>
        Number(
          (
            await store.db
              .selectFrom('event_stats')
              .select('replies')
              .where('event_id', '=', post.id)
              .executeTakeFirstOrThrow()
          ).replies,
        );
      const before = await replies();
      const reply = erin.sign({
        kind: 1,
        content: 'regretted reply',
        tags: [
          ['e', post.id, '', 'root'],
          ['p', alice.pubkey],
        ],
      });
      const kept = erin.sign({ kind: 1, content: 'kept note' });
      const deletion = erin.sign({ kind: 5, tags: [['e', reply.id]] });
      const forged = mallory.sign({ kind: 5, tags: [['e', kept.id]] });
      const results = await store.ingest([deletion, forged, reply, kept]);
      expect(results.map((r) => r.status)).toEqual([
        'accepted',
        'accepted',
        'duplicate',
        'accepted',
      ]);
      expect(results[2]!.message).toBe('duplicate: deleted by its author');
      expect((await store.getEvents([reply.id, kept.id])).map((e) => e.id)).toEqual([kept.id]);
      expect(await replies()).toBe(before);
      // and a later copy is refused too
      const again = await store.ingest([reply]);
      expect(again[0]!.message).toBe('duplicate: deleted by its author');
    });

    it('zaps and actions on a quoting post notify the quoted author (201, 202) and mentioned users (101)', async () => {
      const quote = carol.sign({ kind: 1, content: 'see this', tags: [['q', post.id]] });
      const wallet = testUser();
      const invoice = zapInvoices()[0]!;
      const request = bob.sign({
        kind: 9734,
        content: 'great',
        tags: [
          ['p', alice.pubkey],
          ['e', post.id],
          ['relays', 'ws://x'],
        ],
      });
      const receipt = wallet.sign({
        kind: 9735,
        tags: [
          ['p', alice.pubkey],
          ['e', post.id],
          ['P', bob.pubkey],
          ['bolt11', invoice.invoice],
          ['description', JSON.stringify(request)],
        ],
      });
      const zapQuote = wallet.sign({
        kind: 9735,
        tags: [
          ['p', carol.pubkey],
          ['e', quote.id],
          ['P', bob.pubkey],
          ['bolt11', invoice.invoice],
          ['description', JSON.stringify(request)],
        ],
      });
      const likeQuote = bob.sign({
        kind: 7,
        content: '+',
        tags: [
          ['e', quote.id],
          ['p', carol.pubkey],
        ],
      });
      const results = await store.ingest([quote, receipt, zapQuote, likeQuote]);
      expect(results.map((r) => r.status)).toEqual([
        'accepted',
        'accepted',
        'accepted',
        'accepted',
      ]);
      const sats = Math.floor(invoice.amount_msat / 1000);
      const rows = await store.db
        .selectFrom('notifications')
        .selectAll()
        .where('source_event_id', 'in', [receipt.id, zapQuote.id, likeQuote.id])
        .execute();
      const got = rows.map((r) => [
        r.pubkey === alice.pubkey ? 'alice' : r.pubkey === carol.pubkey ? 'carol' : '?',
        Number(r.type),
        JSON.parse(r.data) as object,
      ]);
      expect(got).toEqual(
        expect.arrayContaining([
          [
            'alice',
            3,
            { your_post: post.id, who_zapped_it: bob.pubkey, satszapped: sats, message: 'great' },
          ],
          [
            'carol',
            101,
            {
              post_you_were_mentioned_in: post.id,
              who_zapped_it: bob.pubkey,
              satszapped: sats,
              message: 'great',
            },
          ],
          ['carol', 3, expect.objectContaining({ your_post: quote.id, satszapped: sats })],
          [
            'alice',
            201,
            expect.objectContaining({
              post_your_post_was_mentioned_in: quote.id,
              your_post: post.id,
              who_zapped_it: bob.pubkey,
            }),
          ],
          [
            'alice',
            202,
            {
              post_your_post_was_mentioned_in: quote.id,
              your_post: post.id,
              who_liked_it: bob.pubkey,
            },
          ],
        ]),
      );
      const zap = await store.db
        .selectFrom('zaps')
        .selectAll()
        .where('receipt_id', '=', receipt.id)
        .executeTakeFirstOrThrow();
      expect(zap).toMatchObject({
        sender: bob.pubkey,
        receiver: alice.pubkey,
        event_id: post.id,
        amount_msats: invoice.amount_msat,
        amount_sats: sats,
        message: 'great',
      });
    });

    it('unfollowing updates the graph and notifies (type 2)', async () => {
      await store.ingest([bob.sign({ kind: 3, tags: [['p', carol.pubkey]] })]);
      const follows = await store.db
        .selectFrom('follows')
        .select('followed')
        .where('follower', '=', bob.pubkey)
        .execute();
      expect(follows.map((f) => f.followed)).toEqual([carol.pubkey]);
      const unfollow = await store.db
        .selectFrom('notifications')
        .select('data')
        .where('pubkey', '=', alice.pubkey)
        .where('type', '=', 2)
        .execute();
      expect(unfollow).toHaveLength(1);
      const a = await store.db
        .selectFrom('user_stats')
        .select('followers_count')
        .where('pubkey', '=', alice.pubkey)
        .executeTakeFirstOrThrow();
      expect(Number(a.followers_count)).toBe(0);
    });
  });
});
