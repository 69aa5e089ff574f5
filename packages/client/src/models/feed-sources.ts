import {
  explorePageSizes,
  scopeNeedsKey,
  type ExploreLens,
  type ExploreTab,
} from '../explore/explore-lens.ts';
import { isReadsQuery } from '../search/search-query.ts';
import { searchErrorMessage, searchPageSizes } from '../search/search-results.ts';
import type { FeedSource } from './feed-model.ts';

// The paged lists of the app, as the sources of `feedModel` (each one cache command).

/** Home pages hold 20 notes (spec section 9). */
export const homePageSize = 20;
/** Reads pages hold 20 articles, a profile's reads 10 (spec section 9). */
export const readsPageSize = 20;

/** A feed spec's notes (`mega_feed_directive`): Home's feeds, featured feeds. */
export function megaFeedSource(spec: string, limit = homePageSize): FeedSource {
  return { command: 'mega_feed_directive', payload: { spec, limit } };
}

/** The spec of a topic's reads feed (`/reads/:topic`). */
export function topicSpec(topic: string): string {
  return JSON.stringify({ kind: 'reads', topic: topic.trim().replace(/^#/, '').toLowerCase() });
}

/** A reads spec's articles, by published_at unless the range names another order. */
export function readsSource(spec: string, limit = readsPageSize): FeedSource {
  return { command: 'mega_feed_directive', payload: { spec, limit }, orderBy: 'published_at' };
}

/** The tabs of a profile (spec section 2). */
export const profileTabs = ['notes', 'replies', 'reads', 'media', 'zaps'] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** One tab of a profile: notes, replies, reads (10 a page), media thumbnails, zaps received. */
export function profileSource(pubkey: string, tab: ProfileTab): FeedSource {
  switch (tab) {
    case 'notes':
      return { command: 'feed', payload: { pubkey, notes: 'authored', limit: 20 } };
    case 'replies':
      return { command: 'feed', payload: { pubkey, notes: 'replies', limit: 20 } };
    case 'media':
      return { command: 'feed', payload: { pubkey, notes: 'user_media_thumbnails', limit: 20 } };
    case 'zaps':
      return { command: 'feed', payload: { pubkey, notes: 'zaps', limit: 20 } };
    case 'reads':
      return {
        command: 'long_form_content_feed',
        payload: { pubkey, notes: 'authored', limit: 10 },
        orderBy: 'published_at',
      };
  }
}

/** The signed-in user's bookmarked notes, paged by the cache. */
export function bookmarksSource(pubkey: string): FeedSource {
  return { command: 'feed', payload: { pubkey, notes: 'bookmarks', limit: 20 } };
}

/**
 * An Explore tab: feeds = `explore {scope, timeframe}` (notes), people = `explore_people`
 * (pubkeys by follower increase), zaps = `explore_zaps` (receipts), media = `explore_media`;
 * page sizes of spec section 9. A scope other than global without a viewer falls back to global
 * (the server cannot compute it).
 */
export function exploreSource(
  tab: Exclude<ExploreTab, 'topics'>,
  lens: ExploreLens,
  viewer: string | null,
): FeedSource {
  switch (tab) {
    case 'feeds': {
      const scope = scopeNeedsKey(lens.scope) && !viewer ? 'global' : lens.scope;
      return {
        command: 'explore',
        payload: { timeframe: lens.timeframe, scope, limit: explorePageSizes.feeds },
      };
    }
    case 'people':
      return {
        command: 'explore_people',
        payload: { limit: explorePageSizes.people },
        elements: 'people',
      };
    case 'zaps':
      return {
        command: 'explore_zaps',
        payload: { limit: explorePageSizes.zaps },
        elements: 'zaps',
      };
    case 'media':
      return { command: 'explore_media', payload: { limit: explorePageSizes.media } };
  }
}

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
