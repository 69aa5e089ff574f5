import { hexToBytes } from '@noble/hashes/utils.js';
import {
  finalizeEvent,
  getConversationKey,
  nip04Decrypt,
  nip44Decrypt,
  type NostrEvent,
} from '@swell/nostr';
import { devnetExtension, type DevnetState } from '../src/server-extension.ts';
import type { SeedProgress } from '../src/seed.ts';
import { demoAccounts } from '../src/demo-accounts.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheClient, testServer } from '@swell/server/testing';

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
    const short = await fetch(`${server.url}/devnet/media/short/0123456789abcdef.mp4`);
    expect(short.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await short.arrayBuffer()).length).not.toBe(
      Number(video.headers.get('content-range')!.split('/')[1]),
    );
    expect((await fetch(`${server.url}/devnet/media/avatar/nothex.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/devnet/media/other/abcdef0123.png`)).status).toBe(404);
  });

  it('shows a newcomer polls with their tallies and picture posts in Explore > Media, in one request each', async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), true);
    try {
      const media = await c.page('explore_media', { limit: 40 });
      expect(media.notes.some((n) => n.kind === 20)).toBe(true);
      expect(media.notes.some((n) => n.kind === 22)).toBe(true);
      const all = await c.page('mega_feed_directive', {
        spec: JSON.stringify({ id: 'feed', kind: 'notes', pubkey: demoAccounts[0]!.pubkey }),
        limit: 100,
      });
      const poll = all.notes.find((n) => n.kind === 1068)!;
      const votes = Object.values(all.pollStats[poll.id]!).reduce((n, o) => n + o.votes, 0);
      expect(votes).toBeGreaterThan(5);
    } finally {
      c.close();
    }
  });

  it('gives alice NIP-04 and NIP-17 conversations: the wraps on the relay after AUTH, both kinds counted', async () => {
    const [alice, bob] = [demoAccounts[0]!, demoAccounts[1]!];
    const sk = hexToBytes(alice.secretKeyHex);
    const url = server.wsUrl('/relay');
    const relay = new WebSocket(url);
    const inbox: unknown[][] = [];
    let wake: (() => void) | undefined;
    relay.addEventListener('message', (m) => {
      inbox.push(JSON.parse(String(m.data)) as unknown[]);
      wake?.();
    });
    const next = async (match: (msg: unknown[]) => boolean): Promise<unknown[]> => {
      for (;;) {
        const i = inbox.findIndex(match);
        if (i >= 0) return inbox.splice(i, 1)[0]!;
        await new Promise<void>((r) => (wake = r));
      }
    };
    const challenge = String((await next((m) => m[0] === 'AUTH'))[1]);
    const auth = finalizeEvent(
      {
        kind: 22242,
        created_at: Math.floor(Date.now() / 1000),
        tags: [
          ['relay', url],
          ['challenge', challenge],
        ],
        content: '',
      },
      sk,
    );
    relay.send(JSON.stringify(['AUTH', auth]));
    expect((await next((m) => m[0] === 'OK'))[2]).toBe(true);
    relay.send(JSON.stringify(['REQ', 'w', { kinds: [1059], '#p': [alice.pubkey] }]));
    const wraps: NostrEvent[] = [];
    for (;;) {
      const msg = await next((m) => m[1] === 'w');
      if (msg[0] !== 'EVENT') break;
      wraps.push(msg[2] as NostrEvent);
    }
    relay.close();
    const rumors = wraps.map((w) => {
      const seal = JSON.parse(nip44Decrypt(w.content, getConversationKey(sk, w.pubkey)));
      return JSON.parse(
        nip44Decrypt(
          (seal as NostrEvent).content,
          getConversationKey(sk, (seal as NostrEvent).pubkey),
        ),
      ) as NostrEvent;
    });
    const peers = new Set(rumors.flatMap((r) => [r.pubkey, ...r.tags.map((t) => t[1])]));
    peers.delete(alice.pubkey);
    expect(peers.has(bob.pubkey)).toBe(true); // a demo account
    const strangers = [...peers].filter((p) => !demoAccounts.some((d) => d.pubkey === p));
    expect(strangers.length).toBeGreaterThan(0); // and someone else

    // NIP-04 with bob through the cache, and the unread count includes the wraps.
    const cache = new WebSocket(server.wsUrl('/v1'));
    await new Promise((r) => cache.addEventListener('open', r, { once: true }));
    const answer = (subId: string) =>
      new Promise<Array<{ kind: number; content: string; pubkey: string; cnt?: number }>>(
        (resolve) => {
          const got: Array<{ kind: number; content: string; pubkey: string }> = [];
          cache.addEventListener('message', (m) => {
            const msg = JSON.parse(String(m.data)) as [string, string, never];
            if (msg[1] !== subId) return;
            if (msg[0] === 'EVENT') got.push(msg[2]);
            if (msg[0] === 'EOSE') resolve(got);
          });
        },
      );
    const dmsAnswer = answer('d');
    cache.send(
      JSON.stringify([
        'REQ',
        'd',
        { cache: ['get_directmsgs', { receiver: alice.pubkey, sender: bob.pubkey }] },
      ]),
    );
    const dms = (await dmsAnswer).filter((e) => e.kind === 4);
    expect(dms.length).toBeGreaterThan(0);
    const peer = (e: { pubkey: string }) => (e.pubkey === alice.pubkey ? bob.pubkey : e.pubkey);
    expect(nip04Decrypt(sk, peer(dms[0]!), dms[0]!.content).length).toBeGreaterThan(0);
    const countAnswer = answer('c');
    cache.send(
      JSON.stringify(['REQ', 'c', { cache: ['directmsg_count', { pubkey: alice.pubkey }] }]),
    );
    const [countEvent] = await countAnswer;
    const contactsAnswer = answer('k');
    cache.send(
      JSON.stringify([
        'REQ',
        'k',
        { cache: ['get_directmsg_contacts', { user_pubkey: alice.pubkey, limit: 1000 }] },
      ]),
    );
    const contacts = (await contactsAnswer).find((e) => e.kind === 10000118)!;
    const nip04Unread = Object.values(
      JSON.parse(contacts.content) as Record<string, { cnt: number }>,
    ).reduce((sum, c) => sum + c.cnt, 0);
    cache.close();
    expect(countEvent!.cnt).toBe(nip04Unread + wraps.length);
  });
});
