import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../src/context.ts';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let server: Awaited<ReturnType<typeof testServer>>;
let ctx: ServerContext;

beforeAll(async () => {
  server = await testServer(
    {},
    {
      extensions: [
        {
          name: 'test-handle',
          register: (_app, c) => {
            ctx = c;
          },
        },
      ],
    },
  );
});
afterAll(async () => {
  await server.close();
});

type NostrJson = { names: Record<string, string>; relays?: Record<string, string[]> };
const nostrJson = async (name: string, host?: string) => {
  const res = await fetch(
    `${server.url}/.well-known/nostr.json?name=${encodeURIComponent(name)}`,
    host ? { headers: { host } } : {},
  );
  return { res, body: (await res.json()) as NostrJson };
};

describe('NIP-05 names come from the registry', () => {
  it('serves a registered name on any host the server is reached at, CORS open', async () => {
    const owner = new User();
    await ctx.names.register('ursula', owner.pubkey);
    const { res, body } = await nostrJson('Ursula');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(body.names).toEqual({ ursula: owner.pubkey });
    expect(body.relays?.[owner.pubkey]?.[0]).toMatch(/^ws:\/\/.*\/relay$/);
    expect((await nostrJson('ursula', 'swell.example')).body.names.ursula).toBe(owner.pubkey);
    expect((await nostrJson('nobody')).body).toEqual({ names: {} });
    expect((await fetch(`${server.url}/.well-known/nostr.json?name=a%20b`)).status).toBe(400);
    expect((await fetch(`${server.url}/.well-known/nostr.json`)).status).toBe(400);
  });

  it('a takeover attempt (old-dated account claiming the name in its kind 0) leaves the name with its owner', async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    const owner = new User();
    const impostor = new User();
    const host = new URL(server.url).host;
    const now = Math.floor(Date.now() / 1000);
    await ctx.names.register('carol', owner.pubkey);
    await importAll(c, [
      owner.sign(0, JSON.stringify({ name: 'carol', nip05: `carol@${host}` }), [], now - 100),
      // "joined" in 1970, then claims the name in every spelling
      impostor.sign(1, 'here since the beginning', [], 1),
      impostor.sign(0, JSON.stringify({ name: 'carol', nip05: `carol@${host}` }), [], 2),
    ]);
    await importAll(c, [
      impostor.sign(0, JSON.stringify({ name: 'carol', nip05: 'CAROL@127.0.0.1' }), [], now),
    ]);
    expect((await nostrJson('carol')).body.names).toEqual({ carol: owner.pubkey });
    const infos = await c.page('user_infos', { pubkeys: [owner.pubkey, impostor.pubkey] });
    expect(infos.verifiedNames).toEqual({ [owner.pubkey]: 'carol' });
    // a name nobody registered is not taken by claiming it either
    await importAll(c, [impostor.sign(0, JSON.stringify({ nip05: `zed@${host}` }), [], now + 1)]);
    expect((await nostrJson('zed')).body).toEqual({ names: {} });
    // verified names go with the registry: a rename moves them
    await ctx.names.rename(owner.pubkey, 'carola');
    const after = await c.page('user_infos', { pubkeys: [owner.pubkey] });
    expect(after.verifiedNames).toEqual({ [owner.pubkey]: 'carola' });
    expect((await nostrJson('carol')).body).toEqual({ names: {} });
    c.close();
  });
});
