import type { Page } from '@playwright/test';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { nsecEncode, npubEncode } from 'nostr-tools/nip19';
import { publish } from './relay-client.ts';

type CacheEvent = { kind: number; pubkey: string; content: string; created_at: number };

/** A new key nobody else uses (so settings changed here touch no other spec's user). */
export function freshAccount() {
  const secretKey = generateSecretKey();
  const pubkey = getPublicKey(secretKey);
  return { secretKey, pubkey, nsec: nsecEncode(secretKey), npub: npubEncode(pubkey) };
}

export type FreshAccount = ReturnType<typeof freshAccount>;

/** The NIP-01 relay of the server under test. */
export const relayOf = (baseURL: string) => `${baseURL.replace(/^http/, 'ws')}/relay`;

/**
 * Gives a fresh account what an account made elsewhere has: a profile (kind 0), a relay list
 * naming the server's relay (kind 10002) and a contact list (kind 3) following `follows`.
 */
export async function seedAccount(
  baseURL: string,
  who: FreshAccount,
  profile: Record<string, string>,
  follows: string[] = [],
): Promise<void> {
  const relay = relayOf(baseURL);
  const now = Math.floor(Date.now() / 1000);
  const events = [
    { kind: 0, tags: [], content: JSON.stringify(profile) },
    { kind: 10002, tags: [['r', relay]], content: '' },
    { kind: 3, tags: follows.map((p) => ['p', p]), content: '' },
  ];
  for (const e of events) {
    const signed = finalizeEvent({ ...e, created_at: now - 60 }, who.secretKey);
    const ok = await publish(relay, signed);
    if (ok[2] !== true) throw new Error(`seed kind ${e.kind} refused: ${String(ok[3])}`);
  }
}

/** Signed in with a stored key (no PIN) before the app starts. */
export async function signInWithKey(
  page: Page,
  who: { nsec: string; pubkey: string },
): Promise<void> {
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      if (localStorage.getItem('e2e-signed-out')) return;
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec: who.nsec, pubkey: who.pubkey },
  );
}

/** One cache request over the server's `/v1`, as another client would send it. */
export async function cacheRequest(
  baseURL: string,
  command: string,
  payload: object,
): Promise<CacheEvent[]> {
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/v1`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const events: CacheEvent[] = [];
  const done = new Promise<void>((resolve, reject) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as [string, string, CacheEvent?];
      if (msg[0] === 'EVENT' && msg[2]) events.push(msg[2]);
      if (msg[0] === 'EOSE') resolve();
      if (msg[0] === 'NOTICE') reject(new Error(String(msg[2])));
    };
  });
  ws.send(JSON.stringify(['REQ', 'q1', { cache: [command, payload] }]));
  await done;
  ws.close();
  return events;
}

/** A fresh signed `event_from_user` (kind 30078 tagged with the app's name). */
function userRequest(who: FreshAccount, content: object) {
  return finalizeEvent(
    {
      kind: 30078,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['d', 'Swell Web']],
      content: JSON.stringify(content),
    },
    who.secretKey,
  );
}

/** The feed list the server stores for the user (the 10000155 answer of get_app_subsettings). */
export async function storedFeedList(
  baseURL: string,
  who: FreshAccount,
  subkey: 'user-home-feeds' | 'user-reads-feeds',
): Promise<Array<{ name: string; enabled?: boolean }> | null> {
  const events = await cacheRequest(baseURL, 'get_app_subsettings', {
    event_from_user: userRequest(who, { subkey }),
  });
  const stored = events.find((e) => e.kind === 10000155);
  return stored ? (JSON.parse(stored.content) as Array<{ name: string }>) : null;
}

/** The settings the server stores for the user (their kind 30078 settings event's content). */
export async function storedSettings(
  baseURL: string,
  who: FreshAccount,
): Promise<Record<string, unknown> | null> {
  const events = await cacheRequest(baseURL, 'get_app_settings', {
    event_from_user: userRequest(who, { description: 'Sync app settings' }),
  });
  const stored = events.find((e) => e.kind === 30078 && e.pubkey === who.pubkey);
  return stored ? (JSON.parse(stored.content) as Record<string, unknown>) : null;
}
