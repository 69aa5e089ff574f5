import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../src/context.ts';
import { testServer } from './helpers.ts';
import { User } from './cache-helpers.ts';
import { blossomAuth, png, sha256Hex } from './upload-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

// X-Forwarded-Host and -Proto say how a client reached a reverse proxy; only a proxy the operator
// named (SWELL_TRUSTED_PROXY) may say so. Anyone else's would make the server build its answers'
// URLs (Blossom descriptors, NIP-05 relays) for another host, and accept a Blossom or NIP-98
// authorization that was signed for another server.
const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe.each([
  { name: 'from anyone', trustedProxies: '', believed: false },
  { name: 'from a trusted proxy', trustedProxies: '127.0.0.1,::1', believed: true },
])('X-Forwarded-Host and -Proto $name', ({ trustedProxies, believed }) => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let ctx: ServerContext;
  const alice = new User();

  beforeAll(async () => {
    server = await testServer(
      { trustedProxies },
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

  it(
    believed ? 'name the relay of a NIP-05 answer' : 'do not name the relay of a NIP-05 answer',
    async () => {
      await ctx.names.register('forwarded', alice.pubkey);
      const res = await fetch(`${server.url}/.well-known/nostr.json?name=forwarded`, {
        headers: FORGED,
      });
      const body = (await res.json()) as { relays: Record<string, string[]> };
      const own = new URL(server.url).host;
      expect(body.relays[alice.pubkey]).toEqual([
        believed ? 'wss://evil.example/relay' : `ws://${own}/relay`,
      ]);
    },
  );

  it(
    believed
      ? 'make the URL of a Blossom upload, and its authorization is for that host'
      : 'neither make the URL of a Blossom upload nor pass an authorization signed for that host',
    async () => {
      const image = await png(32, 32);
      const sha = sha256Hex(image);
      const put = (auth: string) =>
        fetch(`${server.url}/upload`, {
          method: 'PUT',
          body: image,
          headers: { 'content-type': 'application/octet-stream', authorization: auth, ...FORGED },
        });
      // An authorization limited to the other server (BUD-11 `server` tag).
      const forOther = await put(
        blossomAuth(alice, 'upload', { x: [sha], server: ['evil.example'] }),
      );
      if (believed) {
        expect(forOther.status).toBe(201);
        expect(((await forOther.json()) as { url: string }).url).toBe(
          `https://evil.example/${sha}.png`,
        );
      } else {
        expect(forOther.status).toBe(401);
        const ok = await put(blossomAuth(alice, 'upload', { x: [sha] }));
        expect(ok.status).toBe(201);
        expect(((await ok.json()) as { url: string }).url).toBe(`${server.url}/${sha}.png`);
      }
    },
  );
});
