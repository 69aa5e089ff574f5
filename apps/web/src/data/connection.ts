import {
  ActivityTracker,
  CacheApi,
  CacheConnection,
  cacheServerUrl,
  defaultCacheUrl as clientDefaultCacheUrl,
  readAppSettings,
  writeAppSettings,
} from '@swell/client';
import type { CacheCommand, CachePayloads, FeedPage } from '@swell/cache-protocol';
import { ingestPage } from '@/data/entity-store.ts';

/**
 * The app's cache connection, typed API and activity tracker (5 idle minutes -> sleep). Only
 * what reading needs lives here, so the first load stays small; keys, signers and the relay
 * pool load with the features that use them (data/keys.ts, data/relays.ts).
 */
interface Core {
  cache: CacheConnection;
  api: CacheApi;
  activity: ActivityTracker;
}

let core: Core | null = null;

/** The default cache endpoint: this origin's `/v1`. */
export function defaultCacheUrl(): string {
  return clientDefaultCacheUrl(location.origin);
}

function getCore(): Core {
  if (!core) {
    const cache = new CacheConnection({
      url: cacheServerUrl(localStorage, defaultCacheUrl()),
      noBinary: readAppSettings(localStorage).noBinary,
    });
    const activity = new ActivityTracker({ target: window });
    activity.add(cache);
    activity.start();
    cache.connect();
    core = { cache, api: new CacheApi(cache), activity };
  }
  return core;
}

/** The app's one cache connection. */
export function cache(): CacheConnection {
  return getCore().cache;
}

/** Typed cache commands on the app's connection. */
export function api(): CacheApi {
  return getCore().api;
}

export function activity(): ActivityTracker {
  return getCore().activity;
}

/** The stored `cacheServer` override, or null when the default is used. */
export function cacheServerOverride(): string | null {
  return readAppSettings(localStorage).cacheServer;
}

/** Stores (or clears, with null) the cache server override and reconnects to it. */
export function setCacheServer(url: string | null): void {
  writeAppSettings(localStorage, { cacheServer: url });
  cache().setServer(url ?? defaultCacheUrl());
}

/** Merges a page into the entity store as it arrives and passes it on. */
export async function ingested(page: Promise<FeedPage>): Promise<FeedPage> {
  const p = await page;
  ingestPage(p);
  return p;
}

/** Runs one cache command, decodes the answer and merges it into the entity store. */
export function fetchPage<C extends CacheCommand>(
  command: C,
  payload?: CachePayloads[C],
  signal?: AbortSignal,
): Promise<FeedPage> {
  return ingested(api().page(command, payload, { signal }));
}
