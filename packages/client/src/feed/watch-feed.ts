import { parseFeedSpec } from '@swell/cache-protocol';
import type { ActivityTracker } from '../activity/activity-tracker.ts';
import type { AccountLists } from '../lists/account-lists.ts';
import type { Session } from '../session/session.ts';
import { relayBesideCache, type CacheConnection } from '../cache/cache-connection.ts';
import { liveFilters } from './live-filters.ts';

/** What a live feed needs of the client. */
export interface LiveFeedHost {
  cache: Pick<CacheConnection, 'getSnapshot'>;
  lists: Pick<AccountLists, 'getSnapshot' | 'subscribe'>;
  session: Pick<Session, 'pubkey'>;
  activity: Pick<ActivityTracker, 'add'> | null;
}

/**
 * Says when a feed (a `mega_feed_directive` spec) may have new notes, as they reach the server:
 * a `LiveFeedWatch` on the cache server's relay, for the follows of the signed-in user (watched
 * again when they change) or the feed's own authors; asleep with the app. The watch's code loads
 * on first use. Returns the stop function; a feed that cannot be watched live gets a no-op (the
 * caller's periodic check stays the fallback either way).
 */
export function watchFeedLive(host: LiveFeedHost, spec: string, onNew: () => void): () => void {
  const parsed = parseFeedSpec(spec);
  const url = relayBesideCache(host.cache.getSnapshot().url);
  if (!parsed || !url) return () => {};
  let stopped = false;
  let current: { close(): void } | null = null;
  let forget: (() => void) | null = null;
  let shownKey: string | null = null;
  const follows = (): string[] | null => {
    const s = host.lists.getSnapshot();
    return s.pubkey && s.pubkey === host.session.pubkey && s.status !== 'idle'
      ? [...s.following]
      : null;
  };
  const open = async () => {
    const list = parsed.id === 'latest' ? follows() : null;
    const key = list ? list.join(',') : '';
    if (stopped || (current && key === shownKey)) return;
    shownKey = key;
    current?.close();
    forget?.();
    current = null;
    forget = null;
    const filters = liveFilters(parsed, list);
    if (!filters) return;
    // The watch's code (a relay socket) loads only for a feed that can be watched.
    const { LiveFeedWatch } = await import('./live-feed.ts');
    if (stopped || key !== shownKey) return;
    const watch = new LiveFeedWatch({ url, filters, onNew });
    current = watch;
    forget = host.activity?.add(watch) ?? null;
  };
  // One after the other: the follows may change while the watch's code loads.
  let chain = Promise.resolve();
  const reopen = () => {
    chain = chain.then(open);
  };
  reopen();
  const unwatchLists = parsed.id === 'latest' ? host.lists.subscribe(reopen) : null;
  return () => {
    stopped = true;
    unwatchLists?.();
    current?.close();
    forget?.();
  };
}
