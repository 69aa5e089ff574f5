import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateSecretKey, getPublicKey, nip19 } from '@swell/nostr';
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
