import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptyPage, type FeedPage, type SignedEvent } from '@swell/cache-protocol';
import { generateSecretKey, getPublicKey, nip19 } from '@swell/nostr';
import { PagedFeed, type PageRequest } from '../src/feed/paged-feed.ts';
import { publishedAt } from '../src/feed/sort-value.ts';
import {
  buildSearchQuery,
  emptyAdvancedSearch,
  hasSearchTerms,
  isReadsQuery,
  parseAdvancedSearch,
  searchTarget,
  type AdvancedSearch,
} from '../src/search/search-query.ts';
import {
  downloadBadgeCount,
  markReleasesSeen,
  readSeenReleases,
} from '../src/downloads/download-badge.ts';
import {
  homeSidebarSelectionBeside,
  homeSidebarSelectorsBeside,
  readHomeSidebarSelection,
  writeHomeSidebarSelection,
} from '../src/home/home-sidebar.ts';
import { readingMinutes } from '../src/reads/reading-time.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { UserRecordStore } from '../src/storage/user-record.ts';
import { readExploreLens } from '../src/explore/explore-lens.ts';

/** An article-like event with a published_at tag (no signature needed for paging logic). */
function article(id: string, published: number, createdAt = published + 1000): SignedEvent {
  return {
    id,
    pubkey: 'a'.repeat(64),
    created_at: createdAt,
    kind: 30023,
    tags: [['published_at', String(published)]],
    content: '',
    sig: '',
  };
}

function pageOf(events: SignedEvent[], orderBy?: string): FeedPage {
  const page = emptyPage();
  page.notes = events;
  const values = events.map(publishedAt);
  page.range = events.length
    ? {
        since: Math.min(...values),
        until: Math.max(...values),
        order_by: orderBy ?? 'published_at',
        elements: events.map((e) => e.id),
      }
    : { order_by: orderBy ?? 'published_at', elements: [] };
  return page;
}

describe('PagedFeed (paging by feed range)', () => {
  it('pages by published_at with an offset for ties, drops duplicates, stops at an empty page', async () => {
    // 5 articles, two published at the same second across the page boundary.
    const all = [
      article('e5', 500),
      article('e4', 400),
      article('e3', 300),
      article('e2', 300),
      article('e1', 100),
    ];
    const asked: PageRequest[] = [];
    const feed = new PagedFeed(
      async (paging) => {
        asked.push(paging);
        const until = paging.until ?? Infinity;
        const rows = all
          .filter((e) => publishedAt(e) <= until)
          .slice(paging.offset ?? 0, (paging.offset ?? 0) + 3);
        return pageOf(rows);
      },
      { defaultOrderBy: 'published_at' },
    );
    await feed.loadMore();
    expect(feed.getSnapshot().ids).toEqual(['e5', 'e4', 'e3']);
    await feed.loadMore();
    // until = since of the first page (300), offset = shown items published at 300 (one).
    expect(asked[1]).toEqual({ until: 300, offset: 1 });
    expect(feed.getSnapshot().ids).toEqual(['e5', 'e4', 'e3', 'e2', 'e1']);
    await feed.loadMore();
    expect(asked[2]).toEqual({ until: 100, offset: 1 });
    expect(feed.getSnapshot()).toMatchObject({ done: true, pages: 3 });
    await feed.loadMore();
    expect(asked).toHaveLength(3); // done: nothing asked
  });

  it('shows one card per note: a repost on one page hides its original on the next', async () => {
    const post = (c: string, created_at: number, tags: string[][] = [], kind = 1) => ({
      ...article(c.repeat(64), 0),
      kind,
      created_at,
      tags,
    });
    const original = post('1', 80);
    const pages = [
      [post('6', 100, [['e', original.id]], 6), post('2', 90)],
      [original, post('3', 80)],
      [],
    ];
    const asked: PageRequest[] = [];
    const feed = new PagedFeed(async (paging) => {
      asked.push(paging);
      return pageOf(pages[asked.length - 1]!, 'created_at');
    });
    for (let i = 0; i < 3; i++) await feed.loadMore();
    expect(feed.getSnapshot().ids).toEqual(['6', '2', '3'].map((c) => c.repeat(64)));
    // The original left out still counts for the offset at its timestamp (80: two seen).
    expect(asked[2]).toEqual({ until: 80, offset: 2 });
  });

  it('skips the next page while one loads and when since is 0', async () => {
    let calls = 0;
    let release: (p: FeedPage) => void = () => {};
    const feed = new PagedFeed(() => {
      calls++;
      return new Promise<FeedPage>((r) => (release = r));
    });
    const first = feed.loadMore();
    await feed.loadMore(); // skipped: loading
    expect(calls).toBe(1);
    const zero = pageOf([article('x', 0, 0)], 'created_at');
    release(zero);
    await first;
    expect(zero.range?.since).toBe(0);
    expect(feed.getSnapshot().done).toBe(true);
    await feed.loadMore();
    expect(calls).toBe(1);
  });

  it('refetch replaces the list when the answer arrives; reset empties it; errors are kept', async () => {
    let round = 0;
    const feed = new PagedFeed(async () => {
      round++;
      if (round === 3) throw new Error('boom');
      return pageOf(round === 1 ? [article('a', 10)] : [article('b', 20), article('a', 10)]);
    });
    await feed.loadMore();
    expect(feed.getSnapshot().ids).toEqual(['a']);
    await feed.refetch();
    expect(feed.getSnapshot()).toMatchObject({ ids: ['b', 'a'], pages: 1 });
    feed.reset();
    expect(feed.getSnapshot()).toMatchObject({ ids: [], pages: 0, done: false });
    await feed.loadMore();
    expect(feed.getSnapshot()).toMatchObject({ ids: [], error: 'boom', loading: false });
  });
});

describe('search rules', () => {
  const pk = getPublicKey(generateSecretKey());
  const npub = nip19.npubEncode(pk);

  it('builds the query language the server reads, and reads it back', () => {
    const s: AdvancedSearch = {
      include: 'bitcoin  fees',
      phrase: 'lightning network',
      exclude: 'spam scam',
      hashtags: ['#nostr', 'art'],
      authors: [pk],
      kind: 30023,
      since: '2026-01-01',
      until: '2026-02-01',
      scope: 'myfollows',
    };
    const q = buildSearchQuery(s);
    expect(q).toBe(
      `bitcoin fees "lightning network" -spam -scam #nostr #art from:${npub} kind:30023 since:2026-01-01 until:2026-02-01 scope:myfollows`,
    );
    expect(parseAdvancedSearch(q)).toEqual({
      ...s,
      include: 'bitcoin fees',
      hashtags: ['nostr', 'art'],
    });
    expect(isReadsQuery(q)).toBe(true);
    expect(isReadsQuery('kind:1 about kind:300234')).toBe(false);
    expect(buildSearchQuery({ ...emptyAdvancedSearch(), include: 'jazz' })).toBe('jazz');
    expect(hasSearchTerms('scope:myfollows since:2026-01-01')).toBe(false);
    expect(hasSearchTerms('kind:30023')).toBe(true);
  });

  it('never throws on arbitrary builder input and round-trips what it writes', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(
        fc.record({
          include: fc.array(word, { maxLength: 3 }).map((w) => w.join(' ')),
          phrase: fc.array(word, { maxLength: 3 }).map((w) => w.join(' ')),
          exclude: fc.array(word, { maxLength: 2 }).map((w) => w.join(' ')),
          hashtags: fc.array(word, { maxLength: 2 }),
          kind: fc.constantFrom(1, 30023),
          scope: fc.constantFrom('global', 'myfollows', 'mynetwork') as fc.Arbitrary<
            AdvancedSearch['scope']
          >,
        }),
        (r) => {
          const s = { ...emptyAdvancedSearch(), ...r };
          expect(parseAdvancedSearch(buildSearchQuery(s))).toEqual(s);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        parseAdvancedSearch(text);
        searchTarget(text);
        buildSearchQuery({ ...emptyAdvancedSearch(), include: text, phrase: text, exclude: text });
      }),
    );
  });

  it('a pasted npub opens the profile, an undecodable one is a text search, empty is refused', () => {
    expect(searchTarget(`  ${npub} `)).toEqual({ type: 'profile', pubkey: pk, relays: [] });
    expect(searchTarget(`nostr:${npub}`)).toMatchObject({ type: 'profile', pubkey: pk });
    const nprofile = nip19.nprofileEncode({ pubkey: pk, relays: ['wss://r.example'] });
    expect(searchTarget(nprofile)).toEqual({
      type: 'profile',
      pubkey: pk,
      relays: ['wss://r.example'],
    });
    const broken = npub.slice(0, -1) + (npub.endsWith('q') ? 'p' : 'q');
    expect(searchTarget(broken)).toEqual({ type: 'text', query: broken });
    expect(searchTarget('   ')).toEqual({ type: 'empty' });
    expect(searchTarget('jazz night')).toEqual({ type: 'text', query: 'jazz night' });
    const id = 'f'.repeat(64);
    expect(searchTarget(nip19.noteEncode(id))).toEqual({ type: 'note', id, relays: [] });
  });
});

describe('downloads badge', () => {
  const now = Date.parse('2026-06-01T00:00:00Z') / 1000;
  const releases = {
    web: { version: '1.0.0' },
    ios: { version: '2.1', url: 'x', date: '2026-05-01' },
    android: { version: '3.0', url: 'y', date: '2026-07-01' },
  };

  it('counts mobile releases with a new version whose date has passed', () => {
    expect(downloadBadgeCount(releases, {}, now)).toBe(1); // android is dated in the future
    expect(downloadBadgeCount(releases, { ios: '2.1' }, now)).toBe(0);
    expect(downloadBadgeCount(releases, { ios: '2.0' }, now)).toBe(1);
    expect(downloadBadgeCount(releases, {}, Date.parse('2026-08-01') / 1000)).toBe(2);
    // Swell's own server reports no mobile apps: never a badge.
    const swell = {
      web: { version: '0.1.0' },
      ios: { version: '', url: '', date: '' },
      android: { version: '', url: '', date: '' },
    };
    expect(downloadBadgeCount(swell, {}, now)).toBe(0);
    expect(downloadBadgeCount(undefined, {}, now)).toBe(0);
  });

  it('stores what the Downloads screen showed', () => {
    const storage = new MemoryStorage();
    expect(readSeenReleases(storage)).toEqual({});
    markReleasesSeen(storage, releases);
    expect(readSeenReleases(storage)).toEqual({ ios: '2.1', android: '3.0' });
    expect(downloadBadgeCount(releases, readSeenReleases(storage), now + 1e8)).toBe(0);
  });
});

describe('small reading rules', () => {
  it('reading time at 238 words a minute, rounded as the Reads cards show it', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(238)).toBe(1);
    expect(readingMinutes(356)).toBe(1);
    expect(readingMinutes(357)).toBe(2);
    expect(readingMinutes(2380)).toBe(10);
  });

  it('home sidebar selection is stored per user', () => {
    const records = new UserRecordStore(new MemoryStorage());
    const me = 'b'.repeat(64);
    expect(readHomeSidebarSelection(records, me)).toBe('trending_24h');
    writeHomeSidebarSelection(records, me, 'mostzapped_4h');
    expect(readHomeSidebarSelection(records, me)).toBe('mostzapped_4h');
    expect(readHomeSidebarSelection(records, null)).toBe('trending_24h');
    records.update(me, { homeSidebarSelection: 'bogus' });
    expect(readHomeSidebarSelection(records, me)).toBe('trending_24h');
  });

  it('the home sidebar does not repeat the feed beside it', () => {
    const trending = JSON.stringify({ id: 'global-trending', kind: 'notes', hours: 24 });
    const zapped = JSON.stringify({ id: 'most-zapped', kind: 'notes', hours: 4 });
    const latest = JSON.stringify({ id: 'latest', kind: 'notes' });
    expect(homeSidebarSelectorsBeside(trending)).toEqual(['mostzapped_4h']);
    expect(homeSidebarSelectorsBeside(zapped)).toEqual(['trending_24h']);
    expect(homeSidebarSelectorsBeside(latest)).toEqual(['trending_24h', 'mostzapped_4h']);
    expect(homeSidebarSelectorsBeside(null)).toEqual(['trending_24h', 'mostzapped_4h']);
    // Trending of another window is another list.
    const week = JSON.stringify({ id: 'global-trending', kind: 'notes', hours: 168 });
    expect(homeSidebarSelectorsBeside(week)).toEqual(['trending_24h', 'mostzapped_4h']);
    expect(homeSidebarSelectionBeside('trending_24h', trending)).toBe('mostzapped_4h');
    expect(homeSidebarSelectionBeside('trending_24h', latest)).toBe('trending_24h');
    expect(homeSidebarSelectionBeside('mostzapped_4h', zapped)).toBe('trending_24h');
  });

  it('explore lens from URL values', () => {
    expect(readExploreLens('network', 'popular')).toEqual({
      scope: 'network',
      timeframe: 'popular',
    });
    expect(readExploreLens('nope', null)).toEqual({ scope: 'global', timeframe: 'trending' });
  });
});
