import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodePage, feedRangeEvent, type SignedEvent } from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey } from '@swell/nostr';
import { PagedList } from '@/features/feed/paged-list.ts';

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

/**
 * Pages the way the cache does (cache-protocol.md section 4): newest first, `until` inclusive,
 * `offset` skips rows at the boundary, a range with since/until/elements closes each page.
 */
function cacheLike(all: SignedEvent[], limit: number) {
  const sorted = [...all].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
  const requests: { until?: number; offset?: number }[] = [];
  const load = async (paging: { until?: number; offset?: number }) => {
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

async function loadAll(list: PagedList): Promise<void> {
  for (let i = 0; i < 1000 && !list.state.get().done; i++) await list.loadMore();
}

describe('PagedList paging by feed range', () => {
  it('asks until = range.since with the offset of shown items at that timestamp', async () => {
    // Five notes share the timestamp at the page boundary.
    const events = [...Array(12).keys()].map((i) =>
      note(i < 4 ? 1000 - i : i < 9 ? 900 : 800 - i, i),
    );
    const feed = cacheLike(events, 6);
    const list = new PagedList((paging) => feed.load(paging));
    await loadAll(list);
    expect(list.state.get().ids).toEqual(feed.sorted.map((e) => e.id));
    expect(feed.requests[0]).toEqual({});
    expect(feed.requests[1]).toEqual({ until: 900, offset: 2 });
    expect(list.state.get().done).toBe(true);
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
          const list = new PagedList((paging) => feed.load(paging));
          await loadAll(list);
          expect(list.state.get().ids).toEqual(feed.sorted.map((e) => e.id));
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
          const list = new PagedList((paging) => feed.load(paging));
          await loadAll(list);
          // The first element showing each note, in feed order (the cache sent them all).
          const shown = new Set<string>();
          const expected = feed.sorted.filter((e) => {
            const id = e.kind === 6 ? (JSON.parse(e.content) as SignedEvent).id : e.id;
            if (shown.has(id)) return false;
            shown.add(id);
            return true;
          });
          expect(list.state.get().ids).toEqual(expected.map((e) => e.id));
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('does not prepend a repost of a note on screen', async () => {
    const events = [note(10, 1), note(9, 2)];
    const list = new PagedList((paging) => cacheLike(events, 5).load(paging));
    await list.loadMore();
    const again = repost(events[1]!, 11);
    list.prepend([again.id], () => events[1]!.id);
    expect(list.state.get().ids).toEqual(events.map((e) => e.id));
    expect(list.showsNote(events[1]!.id)).toBe(true);
  });

  it('prepends future notes without repeating shown ones', async () => {
    const events = [note(10, 1), note(9, 2)];
    const feed = cacheLike(events, 5);
    const list = new PagedList((paging) => feed.load(paging));
    await list.loadMore();
    const newer = note(11, 3);
    list.prepend([newer.id, events[0]!.id]);
    expect(list.state.get().ids).toEqual([newer.id, events[0]!.id, events[1]!.id]);
  });

  it('keeps the error and can retry', async () => {
    let fail = true;
    const events = [note(5, 1)];
    const feed = cacheLike(events, 5);
    const list = new PagedList(async (paging) => {
      if (fail) throw new Error('cache-notice: boom');
      return feed.load(paging);
    });
    await list.loadMore();
    expect(list.state.get().error).toContain('boom');
    fail = false;
    await list.loadMore();
    expect(list.state.get().ids).toEqual([events[0]!.id]);
  });
});
