import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextPage } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { backendServer, BACKENDS, CacheClient, importAll, User } from './cache-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = Math.floor(Date.now() / 1000);
const reader = new User();
const authors = [new User(), new User(), new User()];
const posted: NostrEvent[] = [];
// Sparse history: a reader whose follows posted days apart (the feed window must widen).
const sparseReader = new User();
const sparseAuthors = [new User(), new User()];
const sparse: NostrEvent[] = [];

describe.each(BACKENDS)('on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  beforeAll(async () => {
    server = await backendServer(backend);
    posted.length = 0;
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    // 90 notes over only 6 distinct timestamps: long runs of equal created_at across pages.
    for (let i = 0; i < 90; i++) {
      const a = authors[i % 3]!;
      posted.push(a.sign(1, `note ${i}`, [], now - 1000 + Math.floor(i / 15) * 10));
    }
    const follows = reader.sign(
      3,
      '',
      authors.map((a) => ['p', a.pubkey]),
      now - 2000,
    );
    sparse.length = 0;
    for (let i = 0; i < 30; i++)
      sparse.push(sparseAuthors[i % 2]!.sign(1, `old ${i}`, [], now - i * 5 * 86400 - (i % 3)));
    const sparseFollows = sparseReader.sign(
      3,
      '',
      sparseAuthors.map((a) => ['p', a.pubkey]),
      now - 2000,
    );
    await importAll(c, [follows, ...posted, sparseFollows, ...sparse]);
    c.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function walk(
    c: CacheClient,
    command: string,
    base: Record<string, unknown>,
    limit: number,
  ) {
    const shown: NostrEvent[] = [];
    let cursor: { until: number; offset: number } | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page = await c.page(command, { ...base, limit, ...(cursor ?? {}) });
      shown.push(...page.notes);
      cursor = nextPage(
        page.range,
        shown.map((n) => n.created_at),
      );
      if (!cursor) break;
    }
    return shown;
  }

  describe.each([false, true])('paging (zlib %s)', (zlib) => {
    let c: CacheClient;
    beforeAll(async () => {
      c = await CacheClient.open(server.wsUrl('/v1'), zlib);
    });
    afterAll(() => c.close());

    it.each([1, 7, 15, 16, 40])(
      'home feed walked %i at a time shows every note exactly once',
      async (limit) => {
        const shown = await walk(
          c,
          'mega_feed_directive',
          { spec: '{"id":"latest","kind":"notes"}', user_pubkey: reader.pubkey },
          limit,
        );
        const ids = shown.map((n) => n.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort()).toEqual(posted.map((n) => n.id).sort());
        // newest first, never going back up
        for (let i = 1; i < shown.length; i++)
          expect(shown[i]!.created_at).toBeLessThanOrEqual(shown[i - 1]!.created_at);
      },
    );

    it('a sparse home feed (posts days apart) walked 4 at a time shows every note once', async () => {
      const shown = await walk(
        c,
        'mega_feed_directive',
        { spec: '{"id":"latest","kind":"notes"}', user_pubkey: sparseReader.pubkey },
        4,
      );
      expect(shown.map((n) => n.id)).toEqual(sparse.map((n) => n.id));
    });

    it('an author feed walked 4 at a time shows every note once', async () => {
      const shown = await walk(c, 'feed', { pubkey: authors[1]!.pubkey }, 4);
      expect(shown.map((n) => n.id).sort()).toEqual(
        posted
          .filter((n) => n.pubkey === authors[1]!.pubkey)
          .map((n) => n.id)
          .sort(),
      );
    });

    it('an empty page is {order_by, elements: []}', async () => {
      const page = await c.page('feed', { pubkey: authors[0]!.pubkey, until: now - 5000 });
      expect(page.range).toEqual({ order_by: 'created_at', elements: [] });
    });

    it('the new-posts check (since = range.until) finds only newer notes', async () => {
      const first = await c.page('feed', { pubkey: authors[2]!.pubkey, limit: 5 });
      const newer = await c.page('feed', {
        pubkey: authors[2]!.pubkey,
        since: first.range!.until,
        limit: 100,
      });
      const known = new Set(first.notes.map((n) => n.id));
      expect(newer.notes.filter((n) => !known.has(n.id))).toEqual([]);
    });
  });

  // A busy network: 2,400 notes of strangers fill the newest slice of time, so a home feed
  // needs more than its first window. A dense follow set keeps scanning by time; a sparse one
  // switches to one index seek per author. Either way the walk must show every note once.
  describe('home feeds below a busy slice of time', () => {
    const dense = new User();
    const denseReader = new User();
    const lone = new User();
    const loneReader = new User();
    const denseNotes: NostrEvent[] = [];
    const loneNotes: NostrEvent[] = [];
    let c: CacheClient;
    beforeAll(async () => {
      c = await CacheClient.open(server.wsUrl('/v1'), true);
      const strangers = [new User(), new User(), new User()];
      const noise = Array.from({ length: 2400 }, (_, k) =>
        strangers[k % 3]!.sign(1, `busy ${k}`, [], now - 200 - k),
      );
      for (let j = 0; j < 60; j++)
        denseNotes.push(dense.sign(1, `dense ${j}`, [], now - 207 - j * 700));
      for (let j = 0; j < 12; j++)
        loneNotes.push(lone.sign(1, `lone ${j}`, [], now - 203 - j * 2500));
      await importAll(c, [
        denseReader.sign(3, '', [['p', dense.pubkey]], now - 9000),
        loneReader.sign(3, '', [['p', lone.pubkey]], now - 9000),
        ...noise,
        ...denseNotes,
        ...loneNotes,
      ]);
    });
    afterAll(() => c.close());

    it.each([
      ['dense', () => [denseReader, denseNotes] as const],
      ['sparse', () => [loneReader, loneNotes] as const],
    ])('a %s follow set walked 5 at a time shows every note once, newest first', async (_, get) => {
      const [who, notes] = get();
      const shown = await walk(
        c,
        'mega_feed_directive',
        { spec: '{"id":"latest","kind":"notes"}', user_pubkey: who.pubkey },
        5,
      );
      expect(shown.map((n) => n.id)).toEqual(notes.map((n) => n.id));
    });
  });
});
