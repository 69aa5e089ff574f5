import {
  feedRangeEvent,
  shownNoteId,
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

/**
 * One element per note (cache-protocol.md section 4): a repost of a note the page already shows,
 * or a note whose repost it already shows, is left out; the first in display order (the newer)
 * stays, so "X reposted" names who brought the note. `values` stay aligned with the posts.
 */
export function onePerNote(
  posts: readonly NostrEvent[],
  values?: ReadonlyArray<number>,
): { posts: NostrEvent[]; values?: number[] } {
  const seen = new Set<string>();
  const kept: NostrEvent[] = [];
  const keptValues: number[] = [];
  posts.forEach((e, i) => {
    const note = shownNoteId(e);
    if (seen.has(note)) return;
    seen.add(note);
    kept.push(e);
    if (values) keptValues.push(values[i]!);
  });
  return values ? { posts: kept, values: keptValues } : { posts: kept };
}

/** Emits enriched posts, one per note, and their range (created_at order unless values are given). */
export async function emitPosts(
  req: CacheRequest,
  allPosts: readonly NostrEvent[],
  orderBy: OrderBy = 'created_at',
  allValues?: ReadonlyArray<number>,
  opts?: EnrichOptions,
): Promise<void> {
  const { posts, values } = onePerNote(allPosts, allValues);
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
