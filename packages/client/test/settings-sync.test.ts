import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey } from '@swell/nostr';
import type { SwellClient } from '../src/swell-client.ts';
import { createSwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { keyStorageKeys } from '../src/keys/key-names.ts';
import { addFeed, moveFeed } from '../src/settings/feed-list.ts';
import { defaultAppSettings } from '../src/settings/app-settings.ts';
import { settingsNotices } from '../src/settings/app-settings-sync.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';
import { countingExtension, signedInClient } from './list-helpers.ts';

let server: ClientTestServer;
const clients: SwellClient[] = [];

beforeAll(async () => {
  server = await clientTestServer({ demo: false });
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

const synced = (c: SwellClient) =>
  waitFor(() => c.settings.getSnapshot().status === 'synced', 5000, 'settings synced');

describe('settings on every device (spec section 4 "Settings")', () => {
  it('guests get the defaults (zap 42 "Onward", the presets) and keep changes on this device', async () => {
    const guest = createSwellClient({
      storage: new MemoryStorage(),
      origin: server.url,
      login: { detect: async () => null },
    });
    clients.push(guest);
    const s = guest.settings.getSnapshot();
    expect(s.status).toBe('defaults');
    expect(s.settings.zapDefault).toEqual({ amount: 42, message: 'Onward' });
    expect(s.settings.zapConfig.map((p) => [p.amount, p.message])).toEqual([
      [21, 'Great post'],
      [420, "Let's go"],
      [1000, 'Coffee on me'],
      [5000, 'Cheers'],
      [10000, 'Party time'],
      [100000, 'Generational wealth'],
    ]);
    guest.settings.update({ theme: 'midnight' });
    expect(guest.records.get(null).theme).toBe('midnight');
    expect(guest.settings.getSnapshot().saving).toBe(false);
  });

  it('a change and a feed order saved on one device show on another after sign-in', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    await synced(one.client);
    expect(one.client.settings.getSnapshot().settings).toMatchObject({ theme: 'sunrise' });
    const defaults = await one.client.settings.defaultFeeds('home');
    expect(one.client.settings.getSnapshot().feeds.home?.map((f) => f.name)).toEqual(
      defaults.map((f) => f.name),
    );
    one.client.settings.update({ theme: 'ice', zapDefault: { amount: 2100, message: 'Thanks' } });
    const reordered = moveFeed(defaults, 0, 2);
    one.client.settings.setFeeds('home', reordered);
    await one.client.settings.flush();
    expect(one.client.settings.getSnapshot()).toMatchObject({ saving: false, notice: null });

    const two = await signedInClient(server, clients, { sk });
    await synced(two.client);
    expect(two.client.settings.getSnapshot().settings).toMatchObject({
      theme: 'ice',
      zapDefault: { amount: 2100, message: 'Thanks' },
    });
    expect(two.client.settings.getSnapshot().feeds.home?.map((f) => f.name)).toEqual(
      reordered.map((f) => f.name),
    );
    // Kept on the device too (used when the server cannot be asked).
    expect(two.client.records.get(two.pubkey).theme).toBe('ice');
  });

  it('unknown fields another client stored are kept when this one saves', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    await synced(one.client);
    one.client.settings.update({ someOtherClientField: { keep: 'me' } });
    await one.client.settings.flush();
    const two = await signedInClient(server, clients, { sk });
    await synced(two.client);
    two.client.settings.update({ animated: false });
    await two.client.settings.flush();
    const three = await signedInClient(server, clients, { sk });
    await synced(three.client);
    expect(three.client.settings.getSnapshot().settings).toMatchObject({
      animated: false,
      someOtherClientField: { keep: 'me' },
    });
  });

  it('a change saved while a load is on its way is not undone by the older answer', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    await synced(one.client);
    one.client.settings.update({ theme: 'ice' });
    await one.client.settings.flush();
    // The load's answer (theme ice) is held until the user's newer change has been saved.
    const api = one.client.api;
    const getAppSettings = api.getAppSettings.bind(api);
    let answered!: () => void;
    const hasAnswer = new Promise<void>((r) => (answered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api.getAppSettings = async (req) => {
      const page = await getAppSettings(req);
      answered();
      await gate;
      return page;
    };
    const loading = one.client.settings.reload();
    await hasAnswer;
    one.client.settings.update({ theme: 'midnight' });
    await one.client.settings.flush();
    release();
    await loading;
    expect(one.client.settings.getSnapshot().settings.theme).toBe('midnight');
    expect(one.client.records.get(one.pubkey).theme).toBe('midnight');
  });

  it('a change the page had no time to save is kept over the older server copy and saved on the next load', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    await synced(one.client);
    // The server holds an older copy of both parts.
    one.client.settings.update({ theme: 'sunset' });
    await one.client.settings.restoreDefaultFeeds('home');
    await one.client.settings.flush();
    one.client.settings.update({ theme: 'ice' });
    one.client.settings.setFeeds(
      'home',
      moveFeed(one.client.settings.getSnapshot().feeds.home!, 1, 0),
    );
    const order = one.client.settings.getSnapshot().feeds.home!.map((f) => f.name);
    // The page goes away before the save (within the 400 ms that gathers changes).
    expect(one.client.records.get(one.pubkey).settingsUnsaved).toEqual(['settings', 'home']);
    await one.client.close();
    clients.splice(clients.indexOf(one.client), 1);

    // The next page load on this device: the server still has the defaults.
    const again = createSwellClient({ storage: one.storage, origin: server.url });
    clients.push(again);
    await again.session.start();
    await synced(again);
    expect(again.settings.getSnapshot().settings.theme).toBe('ice');
    await waitFor(() => !again.settings.getSnapshot().saving, 5000, 'saved');
    expect(again.settings.getSnapshot().notice).toBeNull();
    expect(again.records.get(one.pubkey).settingsUnsaved).toEqual([]);

    // Another device sees both.
    const other = await signedInClient(server, clients, { sk });
    await synced(other.client);
    expect(other.client.settings.getSnapshot().settings.theme).toBe('ice');
    expect(other.client.settings.getSnapshot().feeds.home?.map((f) => f.name)).toEqual(order);
  });

  it('changes made quickly are saved together, and the newest wins', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    await synced(one.client);
    const signer = one.client.session.signer!;
    const sign = signer.signEvent.bind(signer);
    let signatures = 0;
    signer.signEvent = (t) => {
      signatures++;
      return sign(t);
    };
    for (const amount of [100, 200, 300]) {
      one.client.settings.update({ zapDefault: { amount, message: 'x' } });
    }
    await one.client.settings.flush();
    expect(signatures).toBe(1);
    one.client.settings.update({ zapDefault: { amount: 400, message: 'y' } });
    await one.client.settings.flush();
    const two = await signedInClient(server, clients, { sk });
    await synced(two.client);
    expect(two.client.settings.getSnapshot().settings.zapDefault).toEqual({
      amount: 400,
      message: 'y',
    });
  });

  it('a restored extension session is not asked to sign on page load; a change asks once', async () => {
    const sk = generateSecretKey();
    const first = await signedInClient(server, clients, { sk });
    await synced(first.client);
    first.client.settings.update({ theme: 'sunset' });
    first.client.settings.setFeeds(
      'reads',
      addFeed((await first.client.settings.defaultFeeds('reads')) ?? [], {
        name: 'Art',
        spec: JSON.stringify({ kind: 'reads', topic: 'art' }),
        description: '',
        enabled: true,
      }),
    );
    await first.client.settings.flush();

    // A page load on a device where this user signed in with an extension before.
    const storage = new MemoryStorage();
    storage.setItem(keyStorageKeys.pubkey, getPublicKey(sk));
    const { ext, calls } = countingExtension(sk);
    const reload = createSwellClient({
      storage,
      origin: server.url,
      login: { detect: async () => ext },
    });
    clients.push(reload);
    await reload.session.start();
    expect(reload.session.getSnapshot().signerType).toBe('extension');
    await synced(reload);
    expect(calls.sign).toBe(0);
    // The settings come from the public settings event.
    expect(reload.settings.getSnapshot().settings.theme).toBe('sunset');
    // A change asks once.
    reload.settings.update({ theme: 'ice' });
    await reload.settings.flush();
    expect(calls.sign).toBe(1);

    // Signing in with the extension in this tab loads everything, feeds included (signed).
    const fresh = createSwellClient({
      storage: new MemoryStorage(),
      origin: server.url,
      login: { detect: async () => ext },
    });
    clients.push(fresh);
    await fresh.session.signInWithExtension();
    await synced(fresh);
    expect(fresh.settings.getSnapshot().feeds.reads?.some((f) => f.name === 'Art')).toBe(true);
    expect(fresh.settings.getSnapshot().settings.theme).toBe('ice');
  });

  it('a change made while the page still signs in is saved once the key is read, not failed', async () => {
    const sk = generateSecretKey();
    const first = await signedInClient(server, clients, { sk });
    await synced(first.client);
    // A page load with a stored key: the change comes before the login sequence ran.
    const storage = new MemoryStorage();
    storage.setItem(keyStorageKeys.pubkey, getPublicKey(sk));
    const { ext } = countingExtension(sk);
    const reload = createSwellClient({
      storage,
      origin: server.url,
      login: { detect: async () => ext },
    });
    clients.push(reload);
    reload.settings.update({ theme: 'midnight' });
    await reload.settings.flush();
    expect(reload.settings.getSnapshot().notice).toBeNull();
    expect(reload.settings.getSnapshot().saving).toBe(true);
    await reload.session.start();
    await waitFor(() => !reload.settings.getSnapshot().saving, 5000, 'saved');
    expect(reload.settings.getSnapshot().notice).toBeNull();
    // Another device sees it.
    const other = await signedInClient(server, clients, { sk });
    await synced(other.client);
    expect(other.client.settings.getSnapshot().settings.theme).toBe('midnight');
  });

  it('"Failed to load settings. Will be using local settings." and "Failed to save settings"', async () => {
    const sk = generateSecretKey();
    const storage = new MemoryStorage();
    const pk = getPublicKey(sk);
    storage.setItem(pk, JSON.stringify({ appSettings: { ...defaultAppSettings(), theme: 'ice' } }));
    const { ext } = countingExtension(sk);
    let refuse = true;
    const signEvent = ext.signEvent.bind(ext);
    ext.signEvent = async (t) => {
      if (refuse) throw new Error('user rejected');
      return signEvent(t);
    };
    const client = createSwellClient({
      storage,
      origin: server.url,
      login: { detect: async () => ext },
    });
    clients.push(client);
    await client.session.signInWithExtension();
    await waitFor(() => client.settings.getSnapshot().status === 'local', 5000, 'local settings');
    expect(client.settings.getSnapshot().notice?.message).toBe(settingsNotices.loadFailed);
    expect(client.settings.getSnapshot().settings.theme).toBe('ice');
    client.settings.update({ theme: 'sunset' });
    await client.settings.flush();
    expect(client.settings.getSnapshot().notice?.message).toBe(settingsNotices.saveFailed);
    // The change stays on this device; the next save sends it along.
    expect(client.settings.getSnapshot().settings.theme).toBe('sunset');
    refuse = false;
    client.settings.update({ animated: false });
    await client.settings.flush();
    const seq = client.settings.getSnapshot().notice?.seq;
    const other = await signedInClient(server, clients, { sk });
    await synced(other.client);
    expect(other.client.settings.getSnapshot().settings).toMatchObject({
      theme: 'sunset',
      animated: false,
    });
    expect(client.settings.getSnapshot().notice?.seq).toBe(seq);
  });
});
