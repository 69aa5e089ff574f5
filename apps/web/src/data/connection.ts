import {
  defaultCacheUrl as clientDefaultCacheUrl,
  readAppSettings,
  writeAppSettings,
} from '@swell/client';
import type { CacheCommand, CachePayloads, FeedPage } from '@swell/cache-protocol';
import { swell } from '@/data/client.ts';

/** The default cache endpoint: this origin's `/v1`. */
export function defaultCacheUrl(): string {
  return clientDefaultCacheUrl(location.origin);
}

/** The app's one cache connection. */
export const cache = () => swell().cache;

/** Typed cache commands on the app's connection. */
export const api = () => swell().api;

/** The stored `cacheServer` override, or null when the default is used. */
export function cacheServerOverride(): string | null {
  return readAppSettings(localStorage).cacheServer;
}

/** Stores (or clears, with null) the cache server override and reconnects to it. */
export function setCacheServer(url: string | null): void {
  writeAppSettings(localStorage, { cacheServer: url });
  swell().cache.setServer(url ?? defaultCacheUrl());
}

/**
 * Merges a page into the entity store as it arrives and passes it on (stamped with the time
 * it was asked for, so an older answer never overwrites a newer one or an optimistic change).
 */
export async function ingested(page: Promise<FeedPage>): Promise<FeedPage> {
  const requestedAt = Date.now();
  const p = await page;
  swell().store.ingestPage(p, { requestedAt });
  return p;
}

/** Runs one cache command, decodes the answer and merges it into the entity store. */
export function fetchPage<C extends CacheCommand>(
  command: C,
  payload?: CachePayloads[C],
  signal?: AbortSignal,
): Promise<FeedPage> {
  return swell().fetchPage(command, payload, { signal });
}
