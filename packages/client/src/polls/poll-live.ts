import type { ActivityTracker } from '../activity/activity-tracker.ts';
import { relayBesideCache, type CacheConnection } from '../cache/cache-connection.ts';

/** What a poll's live tally needs of the client. */
export interface PollLiveHost {
  cache: Pick<CacheConnection, 'getSnapshot'>;
  activity: Pick<ActivityTracker, 'add'> | null;
}

/**
 * Says when a poll shown on screen may have new votes, as they reach the server: a watch on the
 * cache server's relay for responses to it (kind 1018 for a NIP-88 poll, zap receipts 9735 for a
 * zap poll), so the caller asks the cache for the tally again (the cache counts: latest per key,
 * only before the end). Asleep with the app; the relay code loads on first use. Returns the stop
 * function (a no-op where the cache has no relay beside it).
 */
export function watchPollLive(
  host: PollLiveHost,
  poll: { id: string; kind: number },
  onNew: () => void,
): () => void {
  const url = relayBesideCache(host.cache.getSnapshot().url);
  if (!url) return () => {};
  let stopped = false;
  let stop: (() => void) | null = null;
  void import('../feed/live-feed.ts').then(({ LiveFeedWatch }) => {
    if (stopped) return;
    const kinds = poll.kind === 6969 ? [9735] : [1018];
    const watch = new LiveFeedWatch({
      url,
      filters: [{ kinds, '#e': [poll.id] }],
      onNew,
      coalesceMs: 300,
      minIntervalMs: 1000,
    });
    const forget = host.activity?.add(watch) ?? null;
    stop = () => {
      watch.close();
      forget?.();
    };
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
