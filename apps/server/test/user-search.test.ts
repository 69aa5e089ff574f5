import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backendServer, BACKENDS, CacheClient, importAll, User } from './cache-helpers.ts';

// Issue 31: "@bo" must offer Bob though a short query matches nearly every profile's JSON.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(BACKENDS)('user_search on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let c: CacheClient;
  const bob = new User();
  const grace = new User();
  const popular = new User();
  const fans = Array.from({ length: 3 }, () => new User());
  beforeAll(async () => {
    server = await backendServer(backend);
    c = await CacheClient.open(server.wsUrl('/v1'), false);
    const at = Math.floor(Date.now() / 1000) - 600;
    await importAll(c, [
      // Followed by everyone, and "bo" is in its about text (and in the key "about" itself).
      popular.sign(0, JSON.stringify({ name: 'popular', about: 'about boats' }), [], at),
      bob.sign(0, JSON.stringify({ name: 'bob', display_name: 'Bob' }), [], at),
      grace.sign(0, JSON.stringify({ display_name: 'Grace', about: 'reads' }), [], at),
      ...fans.map((f) => f.sign(3, '', [['p', popular.pubkey]], at)),
    ]);
  });
  afterAll(async () => {
    c?.close();
    await server?.stop();
  });

  it('puts a name, display name or NIP-05 starting with the query before more followers', async () => {
    const bo = await c.page('user_search', { query: 'bo', limit: 1 });
    expect(Object.keys(bo.users)).toEqual([bob.pubkey]);
    const gra = await c.page('user_search', { query: 'GRA', limit: 1 });
    expect(Object.keys(gra.users)).toEqual([grace.pubkey]);
    // Otherwise by followers, as before.
    const about = await c.page('user_search', { query: 'about', limit: 3 });
    expect(Object.keys(about.users)[0]).toBe(popular.pubkey);
  });
});
