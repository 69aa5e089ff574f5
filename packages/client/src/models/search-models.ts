import { isReadsQuery } from '../search/search-query.ts';
import { searchErrorMessage, searchPageSizes, searchUsers } from '../search/search-results.ts';
import type { FeedSource } from './feed-model.ts';
import { defineQuery } from './query-model.ts';

/**
 * Users matching a name (`user_search`, the 10 best by score; a pasted npub or nprofile finds
 * that one user), as the session's viewer sees them. An empty query finds nobody.
 */
export const userSearchModel = defineQuery<string, string[]>(
  'user-search',
  (ctx, query, signal) =>
    searchUsers(
      { api: ctx.api, ingest: ctx.ingest, ...(ctx.viewer ? { userPubkey: ctx.viewer } : {}) },
      query,
      { signal },
    ),
  { shows: (users) => ({ users }), freshMs: 60_000 },
);

/** Notes containing a text (`search`, pages of 100), newest first. */
export function contentSearchSource(query: string): FeedSource {
  return {
    command: 'search',
    payload: { query, limit: searchPageSizes.content },
    failure: searchErrorMessage,
  };
}

/**
 * An advanced search (`mega_feed_directive` of `{"id":"advsearch","query":...}`, pages of 20):
 * reads when the query holds `kind:30023` (`isReadsQuery`), notes otherwise. A failed page shows (and logs)
 * "ERROR fetching search results".
 */
export function advancedSearchSource(query: string): FeedSource {
  return {
    command: 'mega_feed_directive',
    payload: { spec: JSON.stringify({ id: 'advsearch', query }), limit: searchPageSizes.advanced },
    failure: searchErrorMessage,
    ...(isReadsQuery(query) ? { orderBy: 'published_at' } : {}),
  };
}
