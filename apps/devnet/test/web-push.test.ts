import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushResultKind, type PushMessage } from '@swell/cache-protocol';
import { initVerifier, nip19 } from '@swell/nostr';
import type { ServerContext } from '@swell/server';
import { CacheClient, testServer, TestSocket, User } from '@swell/server/testing';
import { devnetExtension, PushUserAgent, type DevnetState } from '../src/index.ts';
import {
  eventually,
  publish,
  pushConfig,
  pushed,
  pushServiceSubscription,
  subscribe,
} from './push-helpers.ts';

// Issue 38: Web Push from our own server, seen at the devnet's push service (RFC 8030) and read
// with the receiving device's keys (RFC 8291), as the browser would.

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const vector = JSON.parse(
  readFileSync(new URL('./vectors/rfc8291-appendix-a.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const b64 = (s: string) => Buffer.from(s, 'base64url');

describe('the device side of RFC 8291', () => {
  it('decrypts the example of RFC 8291 Appendix A', () => {
    const ua = new PushUserAgent({
      privateKey: b64(vector.ua_private!),
      authSecret: b64(vector.auth_secret!),
    });
    expect(ua.publicKey.toString('base64url')).toBe(vector.ua_public);
    expect(ua.decrypt(vector.message!).toString('utf8')).toBe(vector.plaintext);
    // one bit off anywhere in the ciphertext and it does not open
    const tampered = b64(vector.message!);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => ua.decrypt(tampered)).toThrow(/does not decrypt/);
    expect(() => new PushUserAgent().decrypt(vector.message!)).toThrow(/does not decrypt/);
  });
});

describe('Web Push to the devnet push service', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let ctx: ServerContext;
  const devnet: DevnetState = {};
  let cache: CacheClient;
  let relay: TestSocket;
  const alice = new User();
  const bob = new User();
  const carol = new User();

  /** A note of `author`, and a reply to it by `from` (NIP-10 marked, author p-tagged). */
  const reply = (from: User, to: { id: string; pubkey: string }, text: string) =>
    from.sign(1, text, [
      ['e', to.id, '', 'reply'],
      ['p', to.pubkey],
    ]);
  /** A device of `user` at the devnet push service, registered with the server. */
  const device = async (user: User, preferences?: object) => {
    const { vapid_public_key } = await pushConfig(cache);
    const sub = await pushServiceSubscription(server.url, vapid_public_key);
    const ua = new PushUserAgent();
    expect(await subscribe(cache, user, ua, sub.endpoint, preferences)).toEqual([]);
    return { ...sub, ua };
  };
  const report = () => ctx.push.report();

  beforeAll(async () => {
    await initVerifier();
    server = await testServer(
      { push: { burst: 3, intervalSeconds: 2 } },
      {
        extensions: [
          devnetExtension({ devnet: true, demo: false }, devnet),
          { name: 'ctx', register: (_a, c) => void (ctx = c) },
        ],
      },
    );
    cache = await CacheClient.open(server.wsUrl('/v1'), false);
    relay = await TestSocket.open(server.wsUrl('/relay'));
    await publish(
      relay,
      bob.sign(
        0,
        JSON.stringify({
          name: 'bob',
          display_name: 'Bob\u202e Builder\n',
          picture: 'https://example.com/bob.png',
        }),
      ),
    );
  });
  afterAll(async () => {
    cache?.close();
    relay?.close();
    await server?.close();
  });

  it("a reply from bob through /relay reaches alice's device as one push she decrypts", async () => {
    const config = await pushConfig(cache);
    const phone = await device(alice);
    const note = alice.sign(1, 'what should I build?');
    await publish(relay, note);
    const secret = 'a birdhouse, with a secret door';
    const answer = reply(bob, note, secret);
    await publish(relay, answer);

    const box = await eventually(async () => {
      const b = await pushed(server.url, phone.id);
      return b.messages.length > 0 ? b : undefined;
    }, 'the push');
    const [received] = box.messages;
    expect(received!.vapidKey).toBe(config.vapid_public_key);
    expect(received!.urgency).toBe('normal');
    const plain = phone.ua.decrypt(received!.body).toString('utf8');
    expect(plain).not.toContain(secret);
    const message = JSON.parse(plain) as PushMessage;
    expect(message).toEqual({
      v: 1,
      kind: 'notification',
      id: `6:${answer.id}:${alice.pubkey}`,
      type: 6,
      created_at: answer.created_at,
      from: { pubkey: bob.pubkey, name: 'Bob Builder', picture: 'https://example.com/bob.png' },
      note: answer.id,
      url: `/e/${nip19.noteEncode(answer.id)}`,
    });
    // one push, and no other on its way
    await ctx.push.settled();
    await ctx.push.sweep();
    expect((await pushed(server.url, phone.id)).messages).toHaveLength(1);
  });

  it('a direct message says who it is from, never its text', async () => {
    const phone = await device(alice, { types: [] });
    const before = report().sent;
    const dm = bob.sign(4, 'c2VjcmV0IHBsYW5z?iv=AAAAAAAAAAAAAAAAAAAAAA==', [['p', alice.pubkey]]);
    await publish(relay, dm);
    const box = await eventually(async () => {
      const b = await pushed(server.url, phone.id);
      return b.messages.length > 0 ? b : undefined;
    }, 'the message push');
    const plain = phone.ua.decrypt(box.messages[0]!.body).toString('utf8');
    expect(plain).not.toContain('c2VjcmV0');
    expect(JSON.parse(plain)).toEqual({
      v: 1,
      kind: 'dm',
      id: dm.id,
      created_at: dm.created_at,
      from: { pubkey: bob.pubkey, name: 'Bob Builder', picture: 'https://example.com/bob.png' },
      url: `/dms/${nip19.npubEncode(bob.pubkey)}`,
    });
    // the other device of alice (all types) got it too; this one asked for no notification type
    expect(report().sent).toBeGreaterThanOrEqual(before + 1);
  });

  it('a burst becomes a digest', async () => {
    const laptop = await device(carol);
    const note = carol.sign(1, 'a popular note');
    await publish(relay, note);
    const before = report();
    const replies = Array.from({ length: 10 }, (_, i) => reply(bob, note, `reply ${i}`));
    // one batch: ten notifications in one commit
    const imported = await cache.request('import_events', { events: replies });
    expect(imported.notices).toEqual([]);

    const done = await eventually(async () => {
      const r = report();
      const represented = r.sent - before.sent + (r.digested - before.digested);
      return represented >= 10 && r.digests > before.digests ? r : undefined;
    }, 'every reply pushed or digested');
    const box = await pushed(server.url, laptop.id);
    // each push went out once: individually within the budget, the rest in digests
    expect(box.posts).toBe(done.sent - before.sent + (done.digests - before.digests));
    expect(box.posts).toBeLessThan(10);
    const digests = box.messages
      .map((m) => laptop.ua.read<PushMessage>(m.body))
      .filter((m) => m.kind === 'digest');
    expect(digests.length).toBeGreaterThan(0);
    const last = digests.at(-1)!;
    expect(last.kind === 'digest' && last.count).toBeGreaterThan(1);
    expect(last).toMatchObject({
      types: { '6': (last as { count: number }).count },
      url: '/notifications',
    });
    expect(
      box.messages.find((m) => laptop.ua.read<PushMessage>(m.body).kind === 'digest')?.topic,
    ).toBe('digest');
  });

  it('a 429 with Retry-After is tried again later, and a 410 forgets the device', async () => {
    const dave = new User();
    const phone = await device(dave);
    const note = dave.sign(1, 'hello');
    await publish(relay, note);
    const answers = (body: object) =>
      fetch(`${server.url}/devnet/push/subscriptions/${phone.id}/answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await answers({ status: 429, retry_after: 1 })).status).toBe(204);
    const retried = report().retried;
    await publish(relay, reply(bob, note, 'first'));
    const box = await eventually(async () => {
      const b = await pushed(server.url, phone.id);
      return b.messages.length > 0 ? b : undefined;
    }, 'the retried push');
    expect(box.posts).toBe(2);
    expect(report().retried).toBe(retried + 1);

    // the browser dropped the subscription: its push service answers 410 from now on
    expect(
      (await fetch(`${server.url}/devnet/push/subscriptions/${phone.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204);
    const listed = async () => {
      const r = await cache.request('push_subscriptions', {
        event_from_user: dave.sign(30078, '{}', [['d', 'Swell Web']]),
      });
      return r.events.filter((e) => e.kind === PushResultKind.Subscription).length;
    };
    expect(await listed()).toBe(1);
    await publish(relay, reply(bob, note, 'second'));
    await eventually(
      async () => ((await listed()) === 0 ? true : undefined),
      'the device forgotten',
    );
    expect((await pushed(server.url, phone.id)).posts).toBe(3);
  });

  it('a push service that never answers holds four sends and slows nothing else', async () => {
    // a dead push service: takes connections, never answers
    const open = new Set<Socket>();
    const dead = createServer((socket) => {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => open.delete(socket));
    });
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const { port } = dead.address() as { port: number };
    ctx.push.allowLocalService(`http://127.0.0.1:${port}/dead/`);
    try {
      const erin = new User();
      for (let i = 0; i < 5; i++)
        expect(
          await subscribe(cache, erin, new PushUserAgent(), `http://127.0.0.1:${port}/dead/${i}`),
        ).toEqual([]);
      const phone = await device(erin);
      const note = erin.sign(1, 'is anyone there?');
      await publish(relay, note);
      await publish(relay, reply(bob, note, 'yes'));
      // the working device gets its push while the dead service holds its four connections
      await eventually(
        async () => ((await pushed(server.url, phone.id)).messages.length > 0 ? true : undefined),
        'the push to the working device',
      );
      // four sends hang there (the fifth waits its turn), each until its time-out
      await eventually(async () => {
        const r = report();
        return open.size === 4 && r.sending === 4 && r.queued === 1 ? true : undefined;
      }, 'four hung sends and one waiting');
    } finally {
      for (const socket of open) socket.destroy();
      dead.close();
    }
  });

  it('refuses subscriptions that are not ones', async () => {
    const ua = new PushUserAgent();
    const ask = async (subscription: unknown) =>
      (
        await cache.request('push_subscribe', {
          event_from_user: alice.sign(30078, JSON.stringify({ subscription }), [
            ['d', 'Swell Web'],
          ]),
        })
      ).notices;
    expect(await ask(ua.subscription('http://push.example.com/x'))).toEqual([
      'invalid subscription: endpoint must be https',
    ]);
    expect(await ask(ua.subscription('https://127.0.0.1:1/x'))).toEqual([]);
    const offCurve = { ...ua.subscription('https://push.example.com/y') };
    offCurve.keys = { ...offCurve.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') };
    expect(await ask(offCurve)).toEqual(['invalid subscription: p256dh must be a P-256 point']);
    expect(
      (
        await cache.request('push_subscribe', {
          event_from_user: alice.sign(
            30078,
            JSON.stringify({
              subscription: ua.subscription('https://push.example.com/z'),
              preferences: { types: [99] },
            }),
          ),
        })
      ).notices[0],
    ).toMatch(/^invalid preferences: types must be notification types/);
    // a push service on a private address is never posted to, whatever the subscription said
    const failed = report().failed;
    const note = alice.sign(1, 'anyone there?');
    await publish(relay, note);
    await publish(relay, reply(bob, note, 'here'));
    await eventually(async () => (report().failed > failed ? true : undefined), 'the refusal');
  });
});
