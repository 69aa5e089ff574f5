import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodePage,
  emptyPage,
  feedRangeEvent,
  type FeedPage,
  type SignedEvent,
} from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey } from '@swell/nostr';
import { systemClock } from '../src/clock.ts';
import { FeedModel } from '../src/models/feed-model.ts';
import type { ModelContext } from '../src/models/model.ts';
import { EntityStore } from '../src/store/entity-store.ts';
import { publishedAt } from '../src/feed/sort-value.ts';

// The paging laws of the one paged list, for any timestamps, reposts and page size, against a
// list that pages the way the cache does (cache-protocol.md section 4). feed-model.test.ts runs
// the same list against the real server.

const sk = generateSecretKey();
function note(created_at: number, i: number): SignedEvent {
  return finalizeEvent({ kind: 1, created_at, tags: [], content: `note ${i}` }, sk);
}
function repost(original: SignedEvent, created_at: number): SignedEvent {
  return finalizeEvent(
    { kind: 6, created_at, tags: [['e', original.id]], content: JSON.stringify(original) },
    sk,
  );
}

type Paging = { until?: number; offset?: number };

/** Newest first, `until` inclusive, `offset` skips rows at the boundary, a range closes each page. */
function cacheLike(all: SignedEvent[], limit: number) {
  const sorted = [...all].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
  const requests: Paging[] = [];
  const load = async (paging: Paging): Promise<FeedPage> => {
    requests.push(paging);
    const window = sorted.filter((e) => paging.until === undefined || e.created_at <= paging.until);
    const page = window.slice(paging.offset ?? 0, (paging.offset ?? 0) + limit);
    const range = page.length
      ? {
          since: page.at(-1)!.created_at,
          until: page[0]!.created_at,
          order_by: 'created_at',
          elements: page.map((e) => e.id),
        }
      : { order_by: 'created_at', elements: [] };
    // Arrival order means nothing: the page is rebuilt in `elements` order.
    return decodePage([...[...page].reverse(), feedRangeEvent(range)]);
  };
  return { sorted, requests, load };
}

/** A list over `load` (what a model's context asks the cache for, here a page function). */
function listOver(load: (paging: Paging) => Promise<FeedPage>, orderBy?: string): FeedModel {
  const store = new EntityStore();
  const ctx = {
    store,
    viewer: null,
    clock: systemClock,
    fetchPage: async (_command: string, payload: Paging & { limit?: number }) => {
      const page = await load({
        ...(payload.until !== undefined ? { until: payload.until } : {}),
        ...(payload.offset !== undefined ? { offset: payload.offset } : {}),
      });
      store.ingestPage(page);
      return page;
    },
  } as unknown as ModelContext;
  return new FeedModel(ctx, {
    command: 'feed',
    payload: { limit: 0 },
    ...(orderBy ? { orderBy } : {}),
  });
}

async function loadAll(list: FeedModel): Promise<void> {
  for (let i = 0; i < 1000 && !list.getSnapshot().done; i++) await list.loadMore();
}

describe('the feed model pages by feed range', () => {
  it('asks until = range.since with the offset of the elements seen at that timestamp', async () => {
    // Five notes share the timestamp at the page boundary.
    const events = [...Array(12).keys()].map((i) =>
      note(i < 4 ? 1000 - i : i < 9 ? 900 : 800 - i, i),
    );
    const feed = cacheLike(events, 6);
    const list = listOver(feed.load);
    await loadAll(list);
    expect(list.getSnapshot().ids).toEqual(feed.sorted.map((e) => e.id));
    expect(feed.requests[0]).toEqual({});
    expect(feed.requests[1]).toEqual({ until: 900, offset: 2 });
    expect(list.getSnapshot().done).toBe(true);
  });

  it('pages articles by published_at with an offset for ties', async () => {
    const sk2 = generateSecretKey();
    const article = (published: number, i: number) =>
      finalizeEvent(
        {
          kind: 30023,
          created_at: published + 1000 - i,
          tags: [
            ['d', `a${i}`],
            ['published_at', String(published)],
          ],
          content: '',
        },
        sk2,
      );
    // Two published at the same second across the page boundary.
    const all = [
      article(500, 5),
      article(400, 4),
      article(300, 3),
      article(300, 2),
      article(100, 1),
    ];
    const asked: Paging[] = [];
    const list = listOver(async (paging) => {
      asked.push(paging);
      const until = paging.until ?? Infinity;
      const rows = all
        .filter((e) => publishedAt(e) <= until)
        .slice(paging.offset ?? 0, (paging.offset ?? 0) + 3);
      const page = emptyPage();
      page.notes = rows;
      const values = rows.map(publishedAt);
      page.range = rows.length
        ? {
            since: Math.min(...values),
            until: Math.max(...values),
            order_by: 'published_at',
            elements: rows.map((e) => e.id),
          }
        : { order_by: 'published_at', elements: [] };
      return page;
    });
    await list.loadMore();
    await list.loadMore();
    // until = since of the first page (300), offset = shown items published at 300 (one).
    expect(asked[1]).toEqual({ until: 300, offset: 1 });
    expect(list.getSnapshot().ids).toEqual(all.map((e) => e.id));
    await list.loadMore();
    expect(asked[2]).toEqual({ until: 100, offset: 1 });
    expect(list.getSnapshot()).toMatchObject({ done: true, pages: 3 });
  });

  it('shows every note exactly once, in order, for any timestamps and page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        async (times, limit) => {
          const feed = cacheLike(
            times.map((t, i) => note(t, i)),
            limit,
          );
          const list = listOver(feed.load);
          await loadAll(list);
          expect(list.getSnapshot().ids).toEqual(feed.sorted.map((e) => e.id));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('shows one card per note: a repost and its original, within a page and across pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })), { maxLength: 8 }),
        fc.integer({ min: 1, max: 9 }),
        async (times, shares, limit) => {
          const notes = times.map((t, i) => note(t, i));
          // Distinct reposts (the same repost twice is one event, which a cache sends once).
          const reposts = [
            ...new Map(
              shares.map(([which, at]) => {
                const r = repost(notes[which % notes.length]!, at);
                return [r.id, r] as const;
              }),
            ).values(),
          ];
          const feed = cacheLike([...notes, ...reposts], limit);
          const list = listOver(feed.load);
          await loadAll(list);
          // The first element showing each note, in feed order (the cache sent them all).
          const shown = new Set<string>();
          const expected = feed.sorted.filter((e) => {
            const id = e.kind === 6 ? (JSON.parse(e.content) as SignedEvent).id : e.id;
            if (shown.has(id)) return false;
            shown.add(id);
            return true;
          });
          expect(list.getSnapshot().ids).toEqual(expected.map((e) => e.id));
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('puts the user’s own notes on top, never a note shown already', async () => {
    const events = [note(10, 1), note(9, 2)];
    const list = listOver(cacheLike(events, 5).load);
    await list.loadMore();
    const newer = note(11, 3);
    list.prepend([newer.id, events[0]!.id]);
    expect(list.getSnapshot().ids).toEqual([newer.id, events[0]!.id, events[1]!.id]);
    const again = repost(events[1]!, 12);
    list.prepend([again.id], () => events[1]!.id);
    expect(list.getSnapshot().ids).toEqual([newer.id, events[0]!.id, events[1]!.id]);
  });

  it('keeps the error and can retry; reset empties it', async () => {
    let fail = true;
    const events = [note(5, 1)];
    const feed = cacheLike(events, 5);
    const list = listOver(async (paging) => {
      if (fail) throw new Error('cache-notice: boom');
      return feed.load(paging);
    });
    await list.loadMore();
    expect(list.getSnapshot()).toMatchObject({ loading: false, ids: [] });
    expect(list.getSnapshot().error).toContain('boom');
    fail = false;
    await list.loadMore();
    expect(list.getSnapshot().ids).toEqual([events[0]!.id]);
    list.reset();
    expect(list.getSnapshot()).toMatchObject({ ids: [], pages: 0, done: false });
  });

  it('skips the next page while one loads and when since is 0', async () => {
    let calls = 0;
    let release: (p: FeedPage) => void = () => {};
    const list = listOver(() => {
      calls++;
      return new Promise<FeedPage>((r) => (release = r));
    });
    const first = list.loadMore();
    await list.loadMore(); // skipped: loading
    expect(calls).toBe(1);
    const zero = emptyPage();
    zero.notes = [note(0, 0)];
    zero.range = { since: 0, until: 0, order_by: 'created_at', elements: [zero.notes[0]!.id] };
    release(zero);
    await first;
    expect(list.getSnapshot().done).toBe(true);
    await list.loadMore();
    expect(calls).toBe(1);
  });
});
