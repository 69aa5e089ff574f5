import { useSyncExternalStore } from 'react';
import type { PagedFeed, PagedFeedState } from '@swell/client';

/** The state of a paged list from packages/client, re-rendering when it changes. */
export function usePagedFeed(feed: PagedFeed): PagedFeedState {
  return useSyncExternalStore(feed.subscribe, feed.getSnapshot, feed.getSnapshot);
}
