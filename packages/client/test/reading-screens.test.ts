import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArticle } from '@swell/nostr';
import { demoAccounts } from '@swell/devnet';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { readsModel, topicSpec } from '../src/models/reads-model.ts';
import { loadReadsSidebar } from '../src/reads/reads-sidebar.ts';
import { loadExploreTopics } from '../src/explore/explore-topics.ts';
import { loadFeaturedFeed, loadFeaturedFeeds } from '../src/explore/featured-feeds.ts';
import { searchUsers } from '../src/search/search-results.ts';
import { feedModel } from '../src/models/feed-model.ts';
import {
  exploreListModel,
  ZapListModel,
  type ExploreListParams,
} from '../src/models/explore-list-model.ts';
import { advancedSearchSource, contentSearchSource } from '../src/models/search-models.ts';
import { isReadsQuery } from '../src/search/search-query.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';

let server: ClientTestServer;
let client: SwellClient;
const storage = new MemoryStorage();

beforeAll(async () => {
  server = await clientTestServer({ demo: true });
  client = createSwellClient({
    storage,
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
    const held = client.models.acquire(readsModel, undefined);
    const reads = held.model;
    reads.show(null);
    await waitFor(() => reads.getSnapshot().feeds.length > 1, 10_000, 'the reads feeds');
    const s = reads.getSnapshot();
    expect(s.selected).toBe(s.feeds[0]!.spec);
    const feed = s.feed!;
    await waitFor(() => feed.getSnapshot().pages === 1, 10_000, 'the first page');
    const first = feed.getSnapshot().ids;
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(20);
    for (const id of first) expect(client.store.note(id)?.kind).toBe(30023);
    await feed.loadMore();
    await feed.loadMore();
    const ids = feed.getSnapshot().ids;
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(first.length);
    // Newest published first across pages.
    const published = ids.map((id) => parseArticle(client.store.note(id)!)!.published);
    expect([...published].sort((a, b) => b - a)).toEqual(published);

    // A topic: its own spec, not stored as the selection.
    reads.show('#Bitcoin');
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
    held.release();

    // The next session starts with the kept list and the stored selection.
    const again = createSwellClient({
      storage: storage,
      origin: server.url,
      login: { detect: async () => null },
    });
    const next = again.models.acquire(readsModel, undefined);
    next.model.show(null);
    expect(next.model.getSnapshot().selected).toBe(s.feeds[1]!.spec);
    next.release();
    await again.close();
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
    for (const tab of ['feeds', 'people', 'zaps', 'media'] as const) {
      const params: ExploreListParams = { tab, scope: 'global', timeframe: 'latest' };
      const held = client.models.acquire(exploreListModel, params);
      const list = held.model;
      await list.loadMore();
      const ids = list.getSnapshot().ids;
      expect(ids.length, tab).toBeGreaterThan(0);
      expect(ids.length, tab).toBeLessThanOrEqual(tab === 'people' ? 10 : 20);
      if (tab === 'people') for (const pk of ids) expect(pk).toMatch(/^[0-9a-f]{64}$/);
      if (tab === 'zaps') {
        expect(list).toBeInstanceOf(ZapListModel);
        const z = (list as ZapListModel).zap(ids[0]!)!;
        expect(z.amount).toBeGreaterThan(0);
        expect([1, 30023]).toContain(z.zappedKind);
        expect(client.store.note(z.zappedId)).toBeDefined();
      }
      await list.loadMore();
      expect(new Set(list.getSnapshot().ids).size).toBe(list.getSnapshot().ids.length);
      held.release();
    }
    const topics = await loadExploreTopics(client.api);
    expect(topics.length).toBeGreaterThan(0);
    expect(topics[0]!.count).toBeGreaterThanOrEqual(topics.at(-1)!.count);
  });

  it('scopes other than global use the viewer, and fall back to global for a guest', async () => {
    const lens = { tab: 'feeds', scope: 'follows', timeframe: 'latest' } as const;
    const guest = client.models.acquire(exploreListModel, lens);
    await guest.model.loadMore();
    expect(guest.model.getSnapshot()).toMatchObject({ error: null });
    expect(guest.model.getSnapshot().ids.length).toBeGreaterThan(0);
    expect(guest.model.source.payload.scope).toBe('global');
    guest.release();
    // Alice's session: the follows scope is hers.
    const alice = demoAccounts.find((a) => a.name === 'alice')!;
    const hers = createSwellClient({
      storage: new MemoryStorage(),
      origin: server.url,
      login: { detect: async () => null },
    });
    await hers.session.signInWithNsec(alice.nsec);
    const follows = hers.models.acquire(exploreListModel, { ...lens, timeframe: 'popular' });
    await follows.model.loadMore();
    expect(follows.model.getSnapshot().error).toBeNull();
    expect(follows.model.source.payload.scope).toBe('follows');
    const authors = new Set(
      follows.model.getSnapshot().ids.map((id) => hers.store.note(id)?.pubkey),
    );
    expect(authors.size).toBeGreaterThan(0);
    expect(authors.has(alice.pubkey)).toBe(false);
    follows.release();
    await hers.close();
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

    const notes = client.models.acquire(feedModel, contentSearchSource('nostr'));
    await notes.model.loadMore();
    const found = notes.model.getSnapshot().ids;
    notes.release();
    expect(found.length).toBeGreaterThan(0);
    for (const id of found.slice(0, 10))
      expect(client.store.note(id)!.content.toLowerCase()).toContain('nostr');

    expect(isReadsQuery('kind:30023')).toBe(true);
    const adv = client.models.acquire(feedModel, advancedSearchSource('kind:30023'));
    await adv.model.loadMore();
    const reads = adv.model.getSnapshot().ids;
    adv.release();
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(20);
    for (const id of reads) expect(client.store.note(id)!.kind).toBe(30023);
    expect(isReadsQuery('nostr')).toBe(false);
  });

  it('shows "ERROR fetching search results" when the search fails', async () => {
    // A query of ignored operators only asks for nothing: the server answers `invalid query`.
    const bad = client.models.acquire(feedModel, advancedSearchSource('pas:1'));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await bad.model.loadMore();
    } finally {
      console.error = original;
    }
    expect(bad.model.getSnapshot().error).toBe('ERROR fetching search results');
    bad.release();
    expect(String((errors[0] as unknown[])[0])).toBe('ERROR fetching search results: ');
  });
});
