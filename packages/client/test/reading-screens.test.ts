import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArticle } from '@swell/nostr';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { ReadsFeed, topicSpec } from '../src/reads/reads-feed.ts';
import { loadReadsSidebar } from '../src/reads/reads-sidebar.ts';
import { createExploreList } from '../src/explore/explore-lists.ts';
import { loadExploreTopics } from '../src/explore/explore-topics.ts';
import { loadFeaturedFeed, loadFeaturedFeeds } from '../src/explore/featured-feeds.ts';
import { advancedSearch, contentSearch, searchUsers } from '../src/search/search-results.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';

let server: ClientTestServer;
let client: SwellClient;

beforeAll(async () => {
  server = await clientTestServer({ demo: true });
  client = createSwellClient({
    storage: new MemoryStorage(),
    origin: server.url,
    login: { detect: async () => null },
  });
}, 120_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('reads on the demo network', () => {
  it('lists the feeds, pages twice without duplicates, switches topic and stores the selection', async () => {
    const reads = new ReadsFeed({
      api: client.api,
      ingest: client.ingest,
      records: client.records,
      pubkey: null,
    });
    await reads.start();
    const s = reads.getSnapshot();
    expect(s.feeds.length).toBeGreaterThan(1);
    expect(s.selected).toBe(s.feeds[0]!.spec);
    const feed = s.feed!;
    await waitFor(() => feed.getSnapshot().pages === 1, 10_000, 'the first page');
    const first = feed.getSnapshot().ids;
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(20);
    for (const id of first) expect(client.store.note(id)?.kind).toBe(30023);
    await reads.loadMore();
    await reads.loadMore();
    const ids = feed.getSnapshot().ids;
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(first.length);
    // Newest published first across pages.
    const published = ids.map((id) => parseArticle(client.store.note(id)!)!.published);
    expect([...published].sort((a, b) => b - a)).toEqual(published);

    // A topic: its own spec, not stored as the selection.
    reads.showTopic('#Bitcoin');
    const topic = reads.getSnapshot();
    expect(topic).toMatchObject({ topic: 'Bitcoin', selected: topicSpec('bitcoin') });
    await waitFor(() => topic.feed!.getSnapshot().pages === 1, 10_000, 'the topic page');
    for (const id of topic.feed!.getSnapshot().ids)
      expect(parseArticle(client.store.note(id)!)!.topics).toContain('bitcoin');
    expect(client.records.get(null).selectedReadsFeed).toBeUndefined();

    // Selecting a feed of the list stores it; the same spec again changes nothing.
    reads.select(s.feeds[1]!.spec);
    expect(client.records.get(null).selectedReadsFeed).toBe(s.feeds[1]!.spec);
    const selectedFeed = reads.getSnapshot().feed;
    reads.select(s.feeds[1]!.spec);
    expect(reads.getSnapshot().feed).toBe(selectedFeed);
    reads.dispose();

    // The next visit starts with the kept list and the stored selection.
    const again = new ReadsFeed({
      api: client.api,
      ingest: client.ingest,
      records: client.records,
      pubkey: null,
    });
    await again.start();
    expect(again.getSnapshot().selected).toBe(s.feeds[1]!.spec);
    again.dispose();
  });

  it('loads the sidebar: topics, a featured author with profile, recommended reads', async () => {
    const side = await loadReadsSidebar({ api: client.api, ingest: client.ingest });
    expect(side.topics.length).toBeGreaterThan(0);
    expect(side.featuredAuthor).toMatch(/^[0-9a-f]{64}$/);
    expect(client.store.profile(side.featuredAuthor!)).toBeDefined();
    expect(side.recommended.length).toBeGreaterThan(0);
    for (const r of side.recommended) {
      expect(r.naddr.startsWith('naddr1')).toBe(true);
      expect(r.event?.kind).toBe(30023);
    }
  });
});

describe('explore on the demo network', () => {
  it('every tab has content, in pages of the spec sizes', async () => {
    const ctx = { api: client.api, ingest: client.ingest };
    for (const tab of ['feeds', 'people', 'zaps', 'media'] as const) {
      const list = createExploreList(ctx, tab, { scope: 'global', timeframe: 'latest' });
      await list.feed.loadMore();
      const ids = list.feed.getSnapshot().ids;
      expect(ids.length, tab).toBeGreaterThan(0);
      expect(ids.length, tab).toBeLessThanOrEqual(tab === 'people' ? 10 : 20);
      if (tab === 'people') for (const pk of ids) expect(pk).toMatch(/^[0-9a-f]{64}$/);
      if (tab === 'zaps') {
        const z = list.zap(ids[0]!)!;
        expect(z.amount).toBeGreaterThan(0);
        expect([1, 30023]).toContain(z.zappedKind);
        expect(client.store.note(z.zappedId)).toBeDefined();
      }
      await list.feed.loadMore();
      expect(new Set(list.feed.getSnapshot().ids).size).toBe(list.feed.getSnapshot().ids.length);
    }
    const topics = await loadExploreTopics(client.api);
    expect(topics.length).toBeGreaterThan(0);
    expect(topics[0]!.count).toBeGreaterThanOrEqual(topics.at(-1)!.count);
  });

  it('scopes other than global use the key given, and fall back to global without one', async () => {
    const ctx = { api: client.api, ingest: client.ingest };
    const guest = createExploreList(ctx, 'feeds', { scope: 'follows', timeframe: 'latest' });
    await guest.feed.loadMore();
    expect(guest.feed.getSnapshot()).toMatchObject({ error: null });
    expect(guest.feed.getSnapshot().ids.length).toBeGreaterThan(0);
    const alice = (await searchUsers(ctx, 'alice'))[0]!;
    const follows = createExploreList({ ...ctx, userPubkey: alice }, 'feeds', {
      scope: 'follows',
      timeframe: 'popular',
    });
    await follows.feed.loadMore();
    expect(follows.feed.getSnapshot().error).toBeNull();
    const authors = new Set(
      follows.feed.getSnapshot().ids.map((id) => client.store.note(id)?.pubkey),
    );
    expect(authors.has(alice)).toBe(false);
  });

  it('offers the server feed catalogue, one feed by id', async () => {
    const feeds = await loadFeaturedFeeds(client.api);
    expect(feeds.length).toBeGreaterThan(1);
    expect(feeds.every((f) => f.spec && f.name)).toBe(true);
    const one = await loadFeaturedFeed(client.api, feeds[0]!.id);
    expect(one?.spec).toBe(feeds[0]!.spec);
    expect(await loadFeaturedFeed(client.api, 'no-such-feed')).toBeNull();
  });
});

describe('search on the demo network', () => {
  const ctx = () => ({ api: client.api, ingest: client.ingest });

  it('finds users by name (best score first, at most 10), notes by word, reads by kind:30023', async () => {
    const users = await searchUsers(ctx(), 'alice');
    expect(users.length).toBeGreaterThan(0);
    expect(users.length).toBeLessThanOrEqual(10);
    expect(client.store.profile(users[0]!)?.name?.toLowerCase()).toContain('alice');

    const notes = contentSearch(ctx(), 'nostr');
    await notes.loadMore();
    const found = notes.getSnapshot().ids;
    expect(found.length).toBeGreaterThan(0);
    for (const id of found.slice(0, 10))
      expect(client.store.note(id)!.content.toLowerCase()).toContain('nostr');

    const adv = advancedSearch(ctx(), 'kind:30023');
    expect(adv.kind).toBe('reads');
    await adv.feed.loadMore();
    const reads = adv.feed.getSnapshot().ids;
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(20);
    for (const id of reads) expect(client.store.note(id)!.kind).toBe(30023);
    expect(advancedSearch(ctx(), 'nostr').kind).toBe('notes');
  });

  it('shows "ERROR fetching search results" when the search fails', async () => {
    // A query of ignored operators only asks for nothing: the server answers `invalid query`.
    const bad = advancedSearch(ctx(), 'pas:1');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await bad.feed.loadMore();
    } finally {
      console.error = original;
    }
    expect(bad.feed.getSnapshot().error).toBe('ERROR fetching search results');
    expect(String((errors[0] as unknown[])[0])).toBe('ERROR fetching search results: ');
  });
});
