import { afterEach, describe, expect, it } from 'vitest';
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
});
