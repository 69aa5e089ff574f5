import { session } from '@/data/session.ts';
import { HomeFeed } from '@/features/home/home-feed.ts';

/** Kept across navigation so going back to Home keeps the list. */
let kept: { pubkey: string | null; feed: HomeFeed } | null = null;

/** The home feed of a user (or the guest), created and started on first use. */
export function homeFeedFor(pubkey: string | null = session.get().pubkey): HomeFeed {
  if (kept?.pubkey !== pubkey) {
    kept?.feed.dispose();
    const feed = new HomeFeed(pubkey);
    void feed.start();
    kept = { pubkey, feed };
  }
  return kept.feed;
}
