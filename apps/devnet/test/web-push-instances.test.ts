import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '@swell/cache-protocol';
import { initVerifier } from '@swell/nostr';
import type { ServerContext, ServerExtension } from '@swell/server';
import {
  CacheClient,
  startPgCluster,
  testServer,
  TestSocket,
  User,
  type PgCluster,
} from '@swell/server/testing';
import {
  devnetExtension,
  PUSH_SERVICE_PATH,
  PushUserAgent,
  type DevnetState,
} from '../src/index.ts';
import {
  eventually,
  publish,
  pushConfig,
  pushed,
  pushServiceSubscription,
  subscribe,
} from './push-helpers.ts';

// Issue 38: several instances on one PostgreSQL send each push once. Both instances hear the
// reply (the one that stored it, and the other through LISTEN/NOTIFY) and both find alice's
// device; one delivery row per (notification, device) decides which of them sends.

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

describe('Web Push from two instances on one PostgreSQL', () => {
  let cluster: PgCluster;
  let a: Awaited<ReturnType<typeof testServer>>;
  let b: Awaited<ReturnType<typeof testServer>>;
  const ctx: ServerContext[] = [];
  const devnet: DevnetState = {};

  beforeAll(async () => {
    await initVerifier();
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase();
    const capture: ServerExtension = { name: 'ctx', register: (_a, c) => void ctx.push(c) };
    a = await testServer(
      { databaseUrl },
      { extensions: [devnetExtension({ devnet: true, demo: false }, devnet), capture] },
    );
    // b sends to a's push service too: for both, it is a push service of this deployment
    const peer: ServerExtension = {
      name: 'peer push service',
      listening: (c) => c.push.allowLocalService(`${a.url}${PUSH_SERVICE_PATH}/send/`),
    };
    b = await testServer({ databaseUrl }, { extensions: [capture, peer] });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await cluster?.stop();
  });

  it('send a reply notification once, whichever instance stored it', async () => {
    const alice = new User();
    const bob = new User();
    const cacheA = await CacheClient.open(a.wsUrl('/v1'), false);
    const cacheB = await CacheClient.open(b.wsUrl('/v1'), false);
    const relayB = await TestSocket.open(b.wsUrl('/relay'));
    try {
      // one key for the whole deployment: a browser's subscription is bound to it
      const { vapid_public_key } = await pushConfig(cacheA);
      expect((await pushConfig(cacheB)).vapid_public_key).toBe(vapid_public_key);
      const sub = await pushServiceSubscription(a.url, vapid_public_key);
      const ua = new PushUserAgent();
      expect(await subscribe(cacheA, alice, ua, sub.endpoint)).toEqual([]);

      const note = alice.sign(1, 'two servers, one database');
      await publish(relayB, note);
      const answer = bob.sign(1, 'and one push', [
        ['e', note.id, '', 'reply'],
        ['p', alice.pubkey],
      ]);
      await publish(relayB, answer);

      // both instances found the delivery; one of them created it
      await eventually(
        async () => (ctx.every((c) => c.push.report().considered >= 1) ? true : undefined),
        'both instances to hear the reply',
      );
      const box = await eventually(async () => {
        const r = await pushed(a.url, sub.id);
        return r.messages.length > 0 ? r : undefined;
      }, 'the push');
      for (const c of ctx) {
        await c.push.settled();
        await c.push.sweep();
      }
      expect(ctx.map((c) => c.push.report().created).reduce((x, y) => x + y)).toBe(1);
      expect((await pushed(a.url, sub.id)).posts).toBe(1);
      expect(ua.read<PushMessage>(box.messages[0]!.body)).toMatchObject({
        kind: 'notification',
        type: 6,
        note: answer.id,
      });
    } finally {
      cacheA.close();
      cacheB.close();
      relayB.close();
    }
  });
});
