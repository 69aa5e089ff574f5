import {
  feedRangeEvent,
  type CacheEvent,
  type FeedRange,
  type OrderBy,
} from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { enrichPosts, type EnrichOptions } from './enrich.ts';
import { loadModeration } from './moderation.ts';
import { optHex64, valuePaging, type Paging } from './params.ts';
import { scoredFeed, type ScoreColumn } from './queries/feeds.ts';
import type { CacheRequest } from './request.ts';

/** The feed range (10000113) of items in display order with their sort values. */
export function rangeOf(
  orderBy: OrderBy,
  items: ReadonlyArray<{ id: string; value: number }>,
): FeedRange {
  if (items.length === 0) return { order_by: orderBy, elements: [] };
  let since = Infinity;
  let until = -Infinity;
  for (const i of items) {
    since = Math.min(since, i.value);
    until = Math.max(until, i.value);
  }
  return { since, until, order_by: orderBy, elements: items.map((i) => i.id) };
}

/** The created_at feed range (10000113) of items (events, notifications) in display order. */
export function timeRangeEvent(
  items: ReadonlyArray<{ id: string; created_at: number }>,
): CacheEvent {
  return feedRangeEvent(
    rangeOf(
      'created_at',
      items.map((i) => ({ id: i.id, value: i.created_at })),
    ),
  );
}

/** Emits enriched posts and their range (created_at order unless values are given). */
export async function emitPosts(
  req: CacheRequest,
  posts: readonly NostrEvent[],
  orderBy: OrderBy = 'created_at',
  values?: ReadonlyArray<number>,
  opts?: EnrichOptions,
): Promise<void> {
  const enriched = await enrichPosts(req, posts, opts);
  req.emit(...enriched);
  req.emit(
    feedRangeEvent(
      rangeOf(
        orderBy,
        posts.map((e, i) => ({ id: e.id, value: values?.[i] ?? e.created_at })),
      ),
    ),
  );
}

/**
 * Posts by score or sats created after `createdAfter` (trending, most zapped, explore), ranked
 * and paged by that value (no `until` = no upper bound), without the user's trending-muted
 * authors; `onePerAuthor` keeps each author's best.
 */
export async function emitScored(
  req: CacheRequest,
  column: ScoreColumn,
  createdAfter: number,
  onePerAuthor: boolean,
  p: Paging,
  authors?: readonly string[],
): Promise<void> {
  const user = optHex64(req.payload, 'user_pubkey');
  const mod = await loadModeration(req.store.db, user, 'trending');
  const ranked = await scoredFeed(
    req.store.db,
    column,
    createdAfter,
    valuePaging(req.payload, p),
    onePerAuthor,
    authors,
    mod?.blocked,
  );
  await emitPosts(
    req,
    ranked.map((r) => r.event),
    column,
    ranked.map((r) => r.value),
  );
}
