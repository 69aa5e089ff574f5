import { watchFeedLive } from '@swell/client';
import { swell } from '@/data/client.ts';
import { session } from '@/data/session.ts';
import { setNavBadge } from '@/app/nav/nav-badges.ts';
import { HomeFeed, type LiveWatch } from '@/features/home/home-feed.ts';
import { watchFollows } from '@/features/lists/watch-follows.ts';
import { afterFirstContent } from '@/lib/first-content.ts';

/**
 * New notes of the open feed are announced as they reach the server (its relay); the watch
 * starts once the first notes are painted, so its code is not part of the first load.
 */
const live: LiveWatch = (spec, onNew) => {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void afterFirstContent().then(() => {
    if (!cancelled) stop = watchFeedLive(swell(), spec, onNew);
  });
  return () => {
    cancelled = true;
    stop?.();
  };
};

/** Kept across navigation so going back to Home keeps the list. */
let kept: { pubkey: string | null; feed: HomeFeed; unwatch: () => void } | null = null;

/** The home feed of a user (or the guest), created and started on first use. */
export function homeFeedFor(pubkey: string | null = session.get().pubkey): HomeFeed {
  if (kept?.pubkey !== pubkey) {
    kept?.feed.dispose();
    kept?.unwatch();
    // The feed list is the user's own (settings sync: their subsettings, signed once per
    // session; also a guest's list kept on this device), else the server's defaults.
    const settings = swell().settings;
    const ownList = () => {
      const s = settings.getSnapshot();
      return s.pubkey === pubkey ? s.feeds.home : null;
    };
    const feed = new HomeFeed(pubkey, ownList, live);
    void feed.start();
    let shownList = ownList();
    const unwatchSettings = settings.subscribe(() => {
      if (ownList() === shownList) return;
      shownList = ownList();
      feed.refreshFeeds();
    });
    // A follow or unfollow loads a feed of the user's follows again (the server builds it from
    // the contact list just published).
    const unwatchFollows = watchFollows(pubkey, () => feed.followsChanged());
    // The navigation's Home badge counts the newer notes waiting behind the pill.
    const unwatchBadge = feed.state.subscribe(() =>
      setNavBadge('newNotes', feed.state.get().future.length),
    );
    const unwatch = () => {
      unwatchSettings();
      unwatchFollows();
      unwatchBadge();
    };
    setNavBadge('newNotes', 0);
    kept = { pubkey, feed, unwatch };
  }
  return kept.feed;
}
