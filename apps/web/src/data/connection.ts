import { CacheApi, CacheConnection } from '@swell/client';
import type { CacheCommand, CachePayloads, FeedPage } from '@swell/cache-protocol';
import { ingestPage } from '@/data/entity-store.ts';
import { readLocal, writeLocal } from '@/lib/storage.ts';

/** Local key of the cache server override (spec section 3, "cacheServer override"). */
export const cacheServerKey = 'cacheServer';

/** The default cache endpoint: this origin's `/v1`. */
export function defaultCacheUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/v1`;
}

export function cacheUrl(): string {
  return readLocal(cacheServerKey) || defaultCacheUrl();
}

let connection: CacheConnection | null = null;
let typedApi: CacheApi | null = null;

/** The app's one cache connection, created and connected on first use. */
export function cache(): CacheConnection {
  if (!connection) {
    connection = new CacheConnection({
      url: cacheUrl(),
      noBinary: readLocal('noBinary') === 'true',
    });
    connection.connect();
  }
  return connection;
}

/** Typed cache commands on the app's connection. */
export function api(): CacheApi {
  typedApi ??= new CacheApi(cache());
  return typedApi;
}

/** Stores (or clears, with null) the cache server override and reconnects to it. */
export function setCacheServer(url: string | null): void {
  writeLocal(cacheServerKey, url);
  cache().setServer(cacheUrl());
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
