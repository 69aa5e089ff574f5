import { session } from '@/data/session.ts';
import { HomeFeed } from '@/features/home/home-feed.ts';

/** Kept across navigation so going back to Home keeps the list. */
let kept: { pubkey: string | null; feed: HomeFeed } | null = null;

/** The home feed of a user (or the guest), created and started on first use. */
export function homeFeedFor(pubkey: string | null = session.get().pubkey): HomeFeed {
  if (kept?.pubkey !== pubkey) {
    kept?.feed.dispose();
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
    kept = { pubkey, feed };
  }
  return kept.feed;
}
