import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NostrEvent } from '@swell/nostr';
import { ProfileCache } from '../src/cache/profile-cache.ts';
import { openStore } from '../src/store/open-store.ts';
import type { Store } from '../src/store/store.ts';
import { backendServer, CacheClient, importAll, User } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const profile = (u: User, name: string, at: number) => u.sign(0, JSON.stringify({ name }), [], at);
const nameOf = (e: NostrEvent | undefined) =>
  e ? (JSON.parse(e.content) as { name: string }).name : undefined;

describe('ProfileCache on a real store', () => {
  let store: Store;
  const now = Math.floor(Date.now() / 1000);
  const ann = new User();
  const ben = new User();
  const nobody = new User();

  beforeAll(async () => {
    store = await openStore({ dataDir: '', sqliteFile: ':memory:' });
    await store.ingest([profile(ann, 'ann', now - 100), profile(ben, 'ben', now - 100)]);
  });
  afterAll(async () => {
    await store.close();
  });

  it('reads each profile once, then answers from memory (users without one too)', async () => {
    const cache = new ProfileCache();
    const first = await cache.get(store.db, [ann.pubkey, ben.pubkey, nobody.pubkey, ann.pubkey]);
    expect([...first.keys()].sort()).toEqual([ann.pubkey, ben.pubkey].sort());
    expect([cache.hits, cache.misses]).toEqual([0, 3]);
    const again = await cache.get(store.db, [nobody.pubkey, ben.pubkey]);
    expect(nameOf(again.get(ben.pubkey))).toBe('ben');
    expect(again.has(nobody.pubkey)).toBe(false);
    expect([cache.hits, cache.misses]).toEqual([2, 3]);
  });

  it('forgets a user whose new kind 0 was stored', async () => {
    const cache = new ProfileCache();
    await cache.get(store.db, [ann.pubkey]);
    const newer = profile(ann, 'ann v2', now - 50);
    await store.ingest([newer]);
    cache.invalidate([newer]);
    expect(nameOf((await cache.get(store.db, [ann.pubkey])).get(ann.pubkey))).toBe('ann v2');
  });

  it('does not keep what a lookup read while that profile changed', async () => {
    const cache = new ProfileCache();
    const pending = cache.get(store.db, [ben.pubkey]); // in flight
    const newer = profile(ben, 'ben v2', now - 40);
    cache.invalidate([newer]);
    await pending;
    await store.ingest([newer]);
    const misses = cache.misses;
    expect(nameOf((await cache.get(store.db, [ben.pubkey])).get(ben.pubkey))).toBe('ben v2');
    expect(cache.misses).toBe(misses + 1);
  });

  it('reads again after the time to live, and drops the least recently used past max', async () => {
    let clock = 0;
    const cache = new ProfileCache({ max: 2, ttlMs: 1000, now: () => clock });
    await cache.get(store.db, [ann.pubkey, ben.pubkey]);
    await cache.get(store.db, [ann.pubkey]); // ann is now the most recent
    await cache.get(store.db, [nobody.pubkey]); // evicts ben
    const misses = cache.misses;
    await cache.get(store.db, [ann.pubkey, nobody.pubkey]);
    expect(cache.misses).toBe(misses);
    await cache.get(store.db, [ben.pubkey]);
    expect(cache.misses).toBe(misses + 1);
    clock = 1000;
    await cache.get(store.db, [ben.pubkey]);
    expect(cache.misses).toBe(misses + 2);
  });
});

describe('profiles over /v1 follow updates at once', () => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  beforeAll(async () => {
    server = await backendServer('sqlite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('user_infos shows a new profile as soon as it is stored', async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), true);
    const cy = new User();
    const now = Math.floor(Date.now() / 1000);
    await importAll(c, [profile(cy, 'cy', now - 10)]);
    const names = async () =>
      (await c.request('user_infos', { pubkeys: [cy.pubkey] })).events
        .filter((e) => e.kind === 0)
        .map((e) => nameOf(e as NostrEvent));
    expect(await names()).toEqual(['cy']);
    await importAll(c, [profile(cy, 'cy renamed', now - 5)]);
    expect(await names()).toEqual(['cy renamed']);
    c.close();
  });
});
