import { parseFeedSpec } from '@swell/cache-protocol';
import { ReadsFeed } from '@swell/client';
import { swell } from '@/data/client.ts';
import { records } from '@/data/records.ts';
import { watchFollows } from '@/features/lists/watch-follows.ts';
import { readingContext } from '@/features/reading/reading-context.ts';

/** Kept across navigation so going back to Reads keeps the list. */
let kept: { pubkey: string | null; feed: ReadsFeed; unwatch: () => void } | null = null;

/**
 * The reads feed of a user (or the guest: the server answers for its default account), created
 * and started on first use; `topic` shows `/reads/:topic`. The feed list is the user's own (the
 * settings sync's `user-reads-feeds`), else the server's; it follows Settings > Reads feeds.
 */
export function readsFeedFor(pubkey: string | null, topic: string | null): ReadsFeed {
  if (kept?.pubkey !== pubkey) {
    kept?.feed.dispose();
    kept?.unwatch();
    const ctx = readingContext(pubkey);
    const settings = swell().settings;
    const ownList = () => {
      const s = settings.getSnapshot();
      const list = s.pubkey === pubkey ? s.feeds.reads : null;
      return list && list.length > 0 ? list : null;
    };
    const feed = new ReadsFeed({
      api: ctx.api,
      ingest: ctx.ingest,
      records: records(),
      pubkey,
      userFeeds: () => Promise.resolve(ownList()),
    });
    void feed.start(topic);
    let shown = ownList();
    const unwatchSettings = settings.subscribe(() => {
      const list = ownList();
      if (list === shown) return;
      shown = list;
      if (list) feed.setFeeds(list);
      else void feed.start(feed.getSnapshot().topic);
    });
    // A follow or unfollow loads a feed of the follows' articles ("My Follows", "Zapped by
    // Follows") again, from the top.
    const unwatchFollows = watchFollows(pubkey, () => {
      const s = feed.getSnapshot();
      const spec = s.topic === null && s.selected ? parseFeedSpec(s.selected) : null;
      if (spec?.id === 'reads-scope') void feed.refetch();
    });
    const unwatch = () => {
      unwatchSettings();
      unwatchFollows();
    };
    kept = { pubkey, feed, unwatch };
  }
  return kept.feed;
}
