import { expect } from 'vitest';
import { PushResultKind, type PushConfig, type PushPreferences } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { CacheClient, TestSocket, User } from '@swell/server/testing';
import type { PushUserAgent, ReceivedPush } from '../src/index.ts';

/** A subscription at the devnet's push service of the server at `url`. */
export async function pushServiceSubscription(
  url: string,
  applicationServerKey?: string,
): Promise<{ id: string; endpoint: string }> {
  const res = await fetch(`${url}/devnet/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(applicationServerKey ? { applicationServerKey } : {}),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; endpoint: string };
}

/** What the devnet's push service holds for a subscription. */
export async function pushed(
  url: string,
  id: string,
): Promise<{ removed: boolean; posts: number; messages: ReceivedPush[] }> {
  const res = await fetch(`${url}/devnet/push/subscriptions/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { removed: boolean; posts: number; messages: ReceivedPush[] };
}

/** Polls until `check` answers something other than undefined (60 s at most). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function pushConfig(cache: CacheClient): Promise<PushConfig> {
  const r = await cache.request('push_config', {});
  expect(r.notices).toEqual([]);
  return JSON.parse(r.events.find((e) => e.kind === PushResultKind.Config)!.content) as PushConfig;
}

/** Registers `ua`'s subscription at `endpoint` for `user`; resolves the NOTICEs. */
export async function subscribe(
  cache: CacheClient,
  user: User,
  ua: PushUserAgent,
  endpoint: string,
  preferences?: Partial<PushPreferences>,
): Promise<string[]> {
  const content = {
    subscription: ua.subscription(endpoint),
    ...(preferences ? { preferences } : {}),
  };
  const r = await cache.request('push_subscribe', {
    event_from_user: user.sign(30078, JSON.stringify(content), [['d', 'Swell Web']]),
  });
  return r.notices;
}

/** Publishes on /relay and waits for an accepting OK. */
export async function publish(relay: TestSocket, e: NostrEvent): Promise<void> {
  relay.send(['EVENT', e]);
  for (;;) {
    const m = (await relay.next(15_000)) as unknown[];
    if (m[0] === 'OK' && m[1] === e.id) {
      expect(m[2], String(m[3])).toBe(true);
      return;
    }
  }
}
