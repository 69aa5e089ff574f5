import type { FeedPage } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';

/** Page sizes of spec section 9: content search 100, advanced search 20, user search 10. */
export const searchPageSizes = { content: 100, advanced: 20, users: 10 } as const;

/** The message logged (and shown) when a search fails (spec section 8). */
export const searchErrorMessage = 'ERROR fetching search results';

export interface SearchContext {
  api: CacheApi;
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  userPubkey?: string;
}

/**
 * Users matching a name (`user_search`, limit 10): the cache's users sorted by score, highest
 * first, cut to 10. A pasted npub or nprofile finds that one user.
 */
export async function searchUsers(
  ctx: SearchContext,
  query: string,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const q = query.trim();
  if (!q) return [];
  const page = await ctx.ingest(() =>
    ctx.api.userSearch(q, searchPageSizes.users, ctx.userPubkey, options),
  );
  return Object.keys(page.users)
    .map((pk, i) => ({ pk, i, score: page.userScores[pk] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, searchPageSizes.users)
    .map((u) => u.pk);
}
