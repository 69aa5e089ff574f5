import { session } from '@/data/session.ts';
import { setNavBadge } from '@/app/nav/nav-badges.ts';
import { HomeFeed } from '@/features/home/home-feed.ts';

/** Kept across navigation so going back to Home keeps the list. */
let kept: { pubkey: string | null; feed: HomeFeed; unwatch: () => void } | null = null;

/** The home feed of a user (or the guest), created and started on first use. */
export function homeFeedFor(pubkey: string | null = session.get().pubkey): HomeFeed {
  if (kept?.pubkey !== pubkey) {
    kept?.feed.dispose();
    kept?.unwatch();
    // A signed-in user's own feed list comes from their subsettings (signed request).
    const feed = new HomeFeed(
      pubkey,
      pubkey
        ? () =>
            import('@/features/account/account.ts')
              .then((m) => m.loadUserHomeFeeds(pubkey))
              .catch(() => null)
        : undefined,
    );
    void feed.start();
    // The navigation's Home badge counts the newer notes waiting behind the pill.
    const unwatch = feed.state.subscribe(() =>
      setNavBadge('newNotes', feed.state.get().future.length),
    );
    setNavBadge('newNotes', 0);
    kept = { pubkey, feed, unwatch };
  }
  return kept.feed;
}
