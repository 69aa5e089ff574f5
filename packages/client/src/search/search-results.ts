import type { FeedPage } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';
import { PagedFeed } from '../feed/paged-feed.ts';
import { isReadsQuery } from './search-query.ts';

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

function logged<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    console.error(`${searchErrorMessage}: `, e);
    throw new Error(searchErrorMessage);
  });
}

/** Notes containing a text (`search {query, limit 100}`), newest first, paged. */
export function contentSearch(ctx: SearchContext, query: string): PagedFeed {
  const personal = ctx.userPubkey ? { user_pubkey: ctx.userPubkey } : {};
  return new PagedFeed((paging, signal) =>
    logged(
      ctx.ingest(() =>
        ctx.api.search(
          query,
          { limit: searchPageSizes.content, ...paging, ...personal },
          { signal },
        ),
      ),
    ),
  );
}

/**
 * Results of an advanced search (`mega_feed_directive` with `{"id":"advsearch","query":...}`,
 * pages of 20): reads when the query holds `kind:30023`, notes otherwise. A failed request shows
 * "ERROR fetching search results" (and logs it).
 */
export function advancedSearch(
  ctx: SearchContext,
  query: string,
): { kind: 'reads' | 'notes'; feed: PagedFeed } {
  const personal = ctx.userPubkey ? { user_pubkey: ctx.userPubkey } : {};
  const reads = isReadsQuery(query);
  const feed = new PagedFeed(
    (paging, signal) =>
      logged(
        ctx.ingest(() =>
          ctx.api.megaFeed(
            { id: 'advsearch', query },
            { limit: searchPageSizes.advanced, ...paging, ...personal },
            { signal },
          ),
        ),
      ),
    reads ? { defaultOrderBy: 'published_at' } : {},
  );
  return { kind: reads ? 'reads' : 'notes', feed };
}
