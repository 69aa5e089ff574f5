import type { FeedSpec } from '@swell/cache-protocol';
import type { Filter } from '@swell/nostr';

/** Values in one filter list our relay takes (`maxFilterValues`); longer lists are split. */
const maxValues = 1000;
/** Filters in one REQ our relay takes (`maxFilters`): follows beyond 10 x 1000 are not watched. */
const maxFilters = 10;

/**
 * The relay filters whose new events may be new notes of a feed (the spec's future-notes check,
 * made live): the follows' notes and reposts for Latest, everyone's for All notes, one author's
 * for a user's feed. Null when the feed cannot be watched that way (ordered by score or zaps,
 * bookmarks, reads, a follows feed whose follows are not known yet): the periodic check stays.
 */
export function liveFilters(spec: FeedSpec, follows: readonly string[] | null): Filter[] | null {
  switch (spec.id) {
    case 'latest': {
      if (!follows || follows.length === 0) return null;
      const filters: Filter[] = [];
      for (let i = 0; i < follows.length && filters.length < maxFilters; i += maxValues)
        filters.push({ kinds: [1, 6], authors: follows.slice(i, i + maxValues) });
      return filters;
    }
    case 'all-notes':
      return [{ kinds: [1, 6] }];
    case 'feed':
      if (spec.notes === 'bookmarks') return null;
      return [{ kinds: spec.kinds ?? [1, 6], authors: [spec.pubkey] }];
    default:
      return null;
  }
}
