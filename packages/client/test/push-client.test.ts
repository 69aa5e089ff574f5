import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '@swell/cache-protocol';
import { PushUserAgent, type ReceivedPush } from '@swell/devnet';
import { finalizeEvent, generateSecretKey, initVerifier, type NostrEvent } from '@swell/nostr';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { LocalKeySigner } from '../src/signers/local-key-signer.ts';
import { PushClient, PushPresence } from '../src/push/index.ts';
import { clientTestServer, type ClientTestServer } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** Polls `check` until it answers something other than undefined or false. */
async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface PushReport {
  considered: number;
  created: number;
  sent: number;
  quiet: number;
}

describe('PushClient against the real server and the devnet push service', () => {
  let server: ClientTestServer;
  let cache: CacheConnection;
  let push: PushClient;
  const aliceSk = generateSecretKey();
  const bobSk = generateSecretKey();
  const carolSk = generateSecretKey();
  const ua = new PushUserAgent();
  let device: { id: string; endpoint: string };
  let note: NostrEvent;

  const sign = (sk: Uint8Array, kind: number, content: string, tags: string[][] = []) =>
    finalizeEvent({ kind, content, tags, created_at: Math.floor(Date.now() / 1000) }, sk);
  const replyTo = (sk: Uint8Array, to: NostrEvent, text: string) =>
    sign(sk, 1, text, [
      ['e', to.id, '', 'reply'],
      ['p', to.pubkey],
    ]);
  const importEvents = async (events: NostrEvent[]) => {
    const r = await cache.request('import_events', { events });
    expect(JSON.parse(r.events[0]!.content)).toMatchObject({ errors: 0 });
  };
  const report = async () =>
    ((await (await fetch(`${server.url}/health`)).json()) as { push: PushReport }).push;
  const inbox = async (id: string) =>
    (
      (await (await fetch(`${server.url}/devnet/push/subscriptions/${id}`)).json()) as {
        messages: ReceivedPush[];
      }
    ).messages;
  const newDevice = async (applicationServerKey: string) => {
    const res = await fetch(`${server.url}/devnet/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey }),
    });
    return (await res.json()) as { id: string; endpoint: string };
  };

  beforeAll(async () => {
    await initVerifier();
    server = await clientTestServer({ devnet: true });
    cache = new CacheConnection({ url: server.cacheUrl });
    push = new PushClient({ connection: cache, signer: new LocalKeySigner(aliceSk) });
    note = sign(aliceSk, 1, 'ring me when someone answers');
    await importEvents([note]);
  });
  afterAll(async () => {
    cache?.destroy();
    await server?.close();
  });

  it('registers a device with the VAPID key the server serves, and changes its preferences', async () => {
    const config = await push.config();
    expect(Buffer.from(config.vapid_public_key, 'base64url')).toHaveLength(65);
    expect(config.types).toContain(6);
    device = await newDevice(config.vapid_public_key);
    const info = await push.subscribe(ua.subscription(device.endpoint));
    expect(info.endpoint).toBe(device.endpoint);
    expect(info.preferences).toEqual(config.default_preferences);
    const changed = await push.subscribe(ua.subscription(device.endpoint), {
      types: [6, 7],
      dms: false,
    });
    expect(changed.preferences).toEqual({ types: [6, 7], dms: false, quiet_when_focused: true });
    const listed = await push.subscriptions();
    expect(listed.map((s) => [s.endpoint, s.preferences.types])).toEqual([
      [device.endpoint, [6, 7]],
    ]);
  });

  it('stays quiet while a tab of the user has focus, and pushes again once it lost it', async () => {
    const presence = new PushPresence(push);
    await presence.setFocused(true);
    const quiet = (await report()).quiet;
    await importEvents([replyTo(bobSk, note, 'while you look')]);
    await eventually(async () => (await report()).quiet > quiet, 'the quiet delivery');
    expect(await inbox(device.id)).toEqual([]);

    await presence.setFocused(false);
    const later = replyTo(bobSk, note, 'while you are away');
    await importEvents([later]);
    const messages = await eventually(async () => {
      const m = await inbox(device.id);
      return m.length > 0 ? m : undefined;
    }, 'the push');
    expect(ua.read<PushMessage>(messages[0]!.body)).toMatchObject({
      kind: 'notification',
      type: 6,
      note: later.id,
    });
    presence.stop();
  });

  it('unsubscribing removes the device on the server: nothing is pushed to it', async () => {
    expect(await push.unsubscribe(device.endpoint)).toBe(true);
    expect(await push.subscriptions()).toEqual([]);
    expect(await push.unsubscribe(device.endpoint)).toBe(false);

    // carol's device, registered alongside, shows when a commit's pushes were dispatched
    const carol = new PushClient({ connection: cache, signer: new LocalKeySigner(carolSk) });
    const carolsDevice = await newDevice((await carol.config()).vapid_public_key);
    await carol.subscribe(new PushUserAgent().subscription(carolsDevice.endpoint));
    const carolsNote = sign(carolSk, 1, 'me too');
    await importEvents([carolsNote]);
    const before = await report();
    // one commit: a reply to alice (no device any more) and one to carol
    await importEvents([replyTo(bobSk, note, 'anyone?'), replyTo(bobSk, carolsNote, 'you!')]);
    await eventually(async () => (await inbox(carolsDevice.id)).length > 0, "carol's push");
    const after = await report();
    expect(after.considered - before.considered).toBe(1);
    expect(after.created - before.created).toBe(1);
    expect(await inbox(device.id)).toHaveLength(1);
  });
});
