import type { FeedRange } from './results.ts';

/** Paging parameters of the next (older) page. */
export interface NextPage {
  until: number;
  offset: number;
}

/**
 * The request for the page after `range` (cache-protocol.md section 4): `until = range.since`,
 * `offset` = how many already shown items have exactly that sort value. `shownSortValues` are the
 * sort values of every item shown so far. Null when there is no next page.
 */
export function nextPage(
  range: FeedRange | undefined,
  shownSortValues: Iterable<number>,
): NextPage | null {
  if (!range || range.elements.length === 0 || !range.since) return null;
  let offset = 0;
  for (const v of shownSortValues) if (v === range.since) offset++;
  return { until: range.since, offset };
}

/** Parameters of the new-posts check (created_at order only): since = range.until, limit 100. */
export function newerPosts(range: FeedRange | undefined): { since: number; limit: number } | null {
  if (!range || range.order_by !== 'created_at' || range.until === undefined) return null;
  return { since: range.until, limit: 100 };
}
