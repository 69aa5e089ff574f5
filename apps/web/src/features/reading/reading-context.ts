import type { FeedPage } from '@swell/cache-protocol';
import type { CacheApi } from '@swell/client';
import { api, ingested } from '@/data/connection.ts';

/** What the reading screens' data layer (packages/client) needs from the app. */
export interface ReadingContext {
  api: CacheApi;
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  userPubkey?: string;
}

/**
 * The app's cache API, with every answer merged into the entity store, for `pubkey` (the
 * signed-in user; without one the server answers for its default account).
 */
export function readingContext(pubkey: string | null): ReadingContext {
  return {
    api: api(),
    ingest: (load) => ingested(load()),
    ...(pubkey ? { userPubkey: pubkey } : {}),
  };
}
