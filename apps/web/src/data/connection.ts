import {
  defaultCacheUrl as clientDefaultCacheUrl,
  readAppSettings,
  writeAppSettings,
  type CacheApi,
  type CacheConnection,
} from '@swell/client';
import type { CacheCommand, CachePayloads, FeedPage } from '@swell/cache-protocol';
import { swell } from '@/data/client.ts';
import { ingestPage } from '@/data/entity-store.ts';

/** The default cache endpoint: this origin's `/v1`. */
export function defaultCacheUrl(): string {
  return clientDefaultCacheUrl(location.origin);
}

/** The app's one cache connection. */
export function cache(): CacheConnection {
  return swell().cache;
}

/** Typed cache commands on the app's connection. */
export function api(): CacheApi {
  return swell().api;
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
