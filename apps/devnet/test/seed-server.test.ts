import { devnetExtension, type DevnetState } from '../src/server-extension.ts';
import type { SeedProgress } from '../src/seed.ts';
import { demoAccounts } from '../src/demo-accounts.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '@swell/server/testing';

type Server = Awaited<ReturnType<typeof testServer>>;

describe('a server started like `npm start` (SWELL_DEMO=1, SWELL_DEVNET=1)', () => {
  let server: Server;
  let profile: Record<string, string>;
  const progress: SeedProgress[] = [];
  const state: DevnetState = {};

  beforeAll(async () => {
    const onSeedProgress = (p: SeedProgress) => progress.push(p);
    const devnet = devnetExtension({ demo: true, devnet: true, onSeedProgress }, state);
    server = await testServer({}, { extensions: [devnet] });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('seeds the demo network into the empty database', async () => {
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      counts: { events: number; users: number; zaps: number };
    };
    expect(health.counts.events).toBeGreaterThan(10_000);
    expect(health.counts.zaps).toBeGreaterThan(300);
  });

  it('reports its progress while seeding, never going back, ending at every event ingested', () => {
    const total = state.seeded!.events;
    expect(progress.length).toBeGreaterThan(14);
    expect(progress.at(-1)).toEqual({
      fraction: 1,
      generated: total,
      ingested: total,
      generating: false,
    });
    for (const [i, p] of progress.entries()) {
      expect(p.ingested).toBeLessThanOrEqual(p.generated);
      if (i === 0) continue;
      expect(p.ingested).toBeGreaterThanOrEqual(progress[i - 1]!.ingested);
      expect(p.fraction).toBeGreaterThanOrEqual(progress[i - 1]!.fraction);
    }
  });

  it('serves the demo accounts: profile, nip05 name, lightning address', async () => {
    const alice = demoAccounts[0]!;
    const res = await fetch(`${server.url}/.well-known/nostr.json?name=alice`);
    expect(((await res.json()) as { names: Record<string, string> }).names.alice).toBe(
      alice.pubkey,
    );
    const relay = new WebSocket(server.wsUrl('/relay'));
    await new Promise((r) => relay.addEventListener('open', r, { once: true }));
    const got = new Promise<Record<string, string>>((resolve) =>
      relay.addEventListener('message', (m) => {
        const msg = JSON.parse(String(m.data)) as [string, string, { content: string }];
        if (msg[0] === 'EVENT') resolve(JSON.parse(msg[2].content) as Record<string, string>);
      }),
    );
    relay.send(JSON.stringify(['REQ', 'p', { kinds: [0], authors: [alice.pubkey] }]));
    profile = await got;
    relay.close();
    // the name is at the server's host with its port, and it is registered (not just claimed)
    expect(profile.nip05).toBe(`alice@${new URL(server.url).host}`);
    const bob = demoAccounts[1]!;
    const names = (await (await fetch(`${server.url}/.well-known/nostr.json?name=bob`)).json()) as {
      names: Record<string, string>;
    };
    expect(names.names.bob).toBe(bob.pubkey);
    expect(profile.lud16).toBe(`alice@${new URL(server.url).host}`);
    const lnurl = await fetch(`${server.url}/.well-known/lnurlp/alice`);
    expect(((await lnurl.json()) as { allowsNostr: boolean }).allowsNostr).toBe(true);
  });

  it('serves the generated pictures and the video', async () => {
    // with a port, media URLs carry a /devnet/http:/ segment (see mediaRoot); both paths serve
    expect(profile.picture).toContain('/devnet/http:/devnet/media/avatar/');
    const plain = await fetch(profile.picture!.replace('/devnet/http:', ''));
    expect(plain.headers.get('content-type')).toBe('image/png');
    const avatar = await fetch(profile.picture!);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await avatar.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    const banner = await fetch(profile.banner!);
    expect((await sharp(Buffer.from(await banner.arrayBuffer())).metadata()).width).toBe(1200);
    const video = await fetch(`${server.url}/devnet/media/video/0123456789abcdef.mp4`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    const head = Buffer.from(await video.arrayBuffer());
    expect(head.length).toBe(100);
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect((await fetch(`${server.url}/devnet/media/avatar/nothex.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/devnet/media/other/abcdef0123.png`)).status).toBe(404);
  });
});
