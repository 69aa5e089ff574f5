import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPage, type FeedPage } from '@swell/cache-protocol';
import { CacheApi } from '../src/cache/cache-api.ts';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { clientTestServer, type ClientTestServer } from './helpers.ts';

let server: ClientTestServer;
let api: CacheApi;

beforeAll(async () => {
  server = await clientTestServer({ demo: true });
  api = new CacheApi(new CacheConnection({ url: server.cacheUrl }));
}, 120_000);

afterAll(async () => {
  api?.connection.destroy();
  await server?.close();
});

describe('a guest browsing the demo network', () => {
  it('pages through the first home feed with no duplicates', async () => {
    const feeds = await api.getHomeFeeds();
    expect(feeds.length).toBeGreaterThan(0);
    // 'latest' is the follows of user_pubkey; a guest gets the default account's follows.
    const spec = feeds.find((f) => JSON.parse(f.spec).id === 'all-notes')!.spec;
    expect((await api.megaFeed(feeds[0]!.spec, { limit: 5 })).notes.length).toBeGreaterThan(0);
    const shown: string[] = [];
    const sortValues: number[] = [];
    let page: FeedPage = await api.megaFeed(spec, { limit: 20 });
    for (let i = 0; i < 3; i++) {
      expect(page.notes.length).toBeGreaterThan(0);
      for (const n of page.notes) {
        shown.push(n.id);
        sortValues.push(n.created_at);
      }
      // Every note has its author's profile and its stats.
      for (const n of page.notes) expect(page.users[n.pubkey]).toBeDefined();
      const next = nextPage(page.range, page.range?.order_by === 'created_at' ? sortValues : []);
      if (!next || i === 2) break;
      page = await api.megaFeed(spec, { limit: 20, ...next });
    }
    expect(shown.length).toBeGreaterThanOrEqual(40);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('opens a thread and a profile', async () => {
    const page = await api.megaFeed({ id: 'all-notes', kind: 'notes' }, { limit: 20 });
    const reply = page.notes.find((n) => n.kind === 1 && n.tags.some((t) => t[0] === 'e'));
    expect(reply).toBeDefined();
    const thread = await api.threadView(reply!.id);
    expect(thread.notes.map((n) => n.id)).toContain(reply!.id);
    expect(thread.notes.length + Object.keys(thread.mentions).length).toBeGreaterThan(1);
    const profile = await api.userProfile(reply!.pubkey);
    expect(profile.users[reply!.pubkey]).toBeDefined();
    expect(profile.userStats[reply!.pubkey]?.note_count).toBeGreaterThan(0);
  });
});
