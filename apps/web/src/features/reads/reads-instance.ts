import { ReadsFeed } from '@swell/client';
import { records } from '@/data/records.ts';
import { readingContext } from '@/features/reading/reading-context.ts';

/** Kept across navigation so going back to Reads keeps the list. */
let kept: { pubkey: string | null; feed: ReadsFeed } | null = null;

/**
 * The reads feed of a user (or the guest: the server answers for its default account), created
 * and started on first use; `topic` shows `/reads/:topic`.
 */
export function readsFeedFor(pubkey: string | null, topic: string | null): ReadsFeed {
  if (kept?.pubkey !== pubkey) {
    kept?.feed.dispose();
    const ctx = readingContext(pubkey);
    const feed = new ReadsFeed({ api: ctx.api, ingest: ctx.ingest, records: records(), pubkey });
    void feed.start(topic);
    kept = { pubkey, feed };
  }
  return kept.feed;
}
