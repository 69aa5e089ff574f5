import { afterEach, describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey } from '@swell/nostr';
import { keyStorageKeys } from '../src/keys/key-names.ts';
import { createSwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { writeAppSettings } from '../src/storage/app-settings.ts';
import { clientTestServer } from './helpers.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

describe('createSwellClient', () => {
  it('connects to this origin /v1 and honours the stored cacheServer override and noBinary', async () => {
    const server = await clientTestServer();
    cleanup.push(() => server.close());
    const storage = new MemoryStorage();
    const a = createSwellClient({ storage, origin: server.url, activityTarget: new EventTarget() });
    cleanup.push(() => a.close());
    await a.cache.whenReady();
    expect(a.cache.getSnapshot()).toMatchObject({ url: server.cacheUrl, noBinary: false });
    expect(a.sessionId).toBe(a.cache.sessionId);
    expect(a.activity?.getSnapshot().state).toBe('woke');
    expect(Array.isArray(await a.api.getDefaultRelays())).toBe(true);

    writeAppSettings(storage, { cacheServer: server.cacheUrl, noBinary: true });
    const b = createSwellClient({ storage, origin: 'https://elsewhere.example' });
    cleanup.push(() => b.close());
    await b.cache.whenReady();
    expect(b.cache.getSnapshot()).toMatchObject({ url: server.cacheUrl, noBinary: true });
    expect(b.activity).toBeNull();
  });

  it('is the one wiring: store fed by fetchPage, session with the stored key, lazy relays and writer', async () => {
    const server = await clientTestServer();
    cleanup.push(() => server.close());
    const storage = new MemoryStorage();
    const pubkey = getPublicKey(generateSecretKey());
    storage.setItem(keyStorageKeys.pubkey, pubkey);
    const c = createSwellClient({
      storage,
      origin: server.url,
      login: { detect: async () => null },
    });
    cleanup.push(() => c.close());
    // The stored key at once: the feed can start with it.
    expect(c.session.getSnapshot()).toMatchObject({ pubkey, resolved: false });
    const page = await c.fetchPage('user_infos', { pubkeys: [pubkey] });
    expect(page.notices).toEqual([]);
    // The user's lists load in the background and apply their mute rules to the store; let
    // them finish so only the next page's change is counted.
    await c.lists.load();
    let changes = 0;
    c.store.subscribe(() => changes++);
    await c.fetchPage('get_default_relays');
    expect(changes).toBe(1);
    const pool = await c.loadRelays();
    expect(await c.loadRelays()).toBe(pool);
    const relays = await c.connectRelays();
    expect(Object.keys(relays.settings)).toEqual([server.relayUrl]);
    expect(pool.writeRelays()).toEqual([server.relayUrl]);
    // The default relays became the user's local settings.
    expect(c.records.get(pubkey).relaySettings).toEqual(relays.local);
    await c.session.start();
    expect(c.session.getSnapshot()).toMatchObject({
      pubkey,
      source: 'stored-pubkey',
      canSign: false,
    });
  });
});
