import type { FeedPage, SignedEvent } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';
import { PagedFeed, type PageLoader } from '../feed/paged-feed.ts';
import {
  explorePageSizes,
  scopeNeedsKey,
  type ExploreLens,
  type ExploreTab,
} from './explore-lens.ts';

/** A zap of the zaps tab (spec section 3 "Zap list item"): only zaps of notes and articles. */
export interface ZapListItem {
  id: string;
  message: string;
  amount: number;
  sender: string;
  reciver: string;
  created_at: number;
  zappedId: string;
  zappedKind: number;
}

/** The zap list items of a page, in the page's order (its range elements are receipt ids). */
export function zapListItems(page: FeedPage): ZapListItem[] {
  const byReceipt = new Map<string, ZapListItem>();
  const targets = new Map<string, SignedEvent>();
  for (const n of [...page.notes, ...Object.values(page.mentions)]) targets.set(n.id, n);
  for (const zaps of Object.values(page.topZaps)) {
    for (const z of zaps) {
      const target = targets.get(z.event_id);
      if (!target || (target.kind !== 1 && target.kind !== 30023)) continue;
      byReceipt.set(z.zap_receipt_id, {
        id: z.zap_receipt_id,
        message: z.message ?? '',
        amount: z.amount_sats,
        sender: z.sender,
        reciver: z.receiver,
        created_at: z.created_at,
        zappedId: z.event_id,
        zappedKind: target.kind,
      });
    }
  }
  const order = page.range?.elements ?? [...byReceipt.keys()];
  return order.flatMap((id) => byReceipt.get(id) ?? []);
}

export interface ExploreContext {
  api: CacheApi;
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  /** The user's key, else the default account's: needed by every scope but global. */
  userPubkey?: string;
}

/** One paged tab of Explore: its list, and for the zaps tab the zap details by receipt id. */
export interface ExploreList {
  tab: Exclude<ExploreTab, 'topics'>;
  feed: PagedFeed;
  zap(id: string): ZapListItem | undefined;
}

/**
 * The paged list of an Explore tab: feeds = `explore {scope, timeframe}` (notes), people =
 * `explore_people` (pubkeys by follower increase), zaps = `explore_zaps` (receipts, newest first),
 * media = `explore_media`. Page sizes of spec section 9. A scope other than global without any
 * key falls back to global (the server cannot compute it).
 */
export function createExploreList(
  ctx: ExploreContext,
  tab: Exclude<ExploreTab, 'topics'>,
  lens: ExploreLens,
): ExploreList {
  const { api, ingest, userPubkey } = ctx;
  const personal = userPubkey ? { user_pubkey: userPubkey } : {};
  const zaps = new Map<string, ZapListItem>();
  let load: PageLoader;
  let feed: PagedFeed;
  switch (tab) {
    case 'feeds': {
      const scope = scopeNeedsKey(lens.scope) && !userPubkey ? 'global' : lens.scope;
      load = (paging, signal) =>
        ingest(() =>
          api.explore(
            lens.timeframe,
            scope,
            { limit: explorePageSizes.feeds, ...paging, ...personal },
            { signal },
          ),
        );
      feed = new PagedFeed(load);
      break;
    }
    case 'people':
      load = (paging, signal) =>
        ingest(() =>
          api.explorePeople({ limit: explorePageSizes.people, ...paging, ...personal }, { signal }),
        );
      feed = new PagedFeed(load, {
        elementsOf: (page) => page.range?.elements ?? Object.keys(page.followerIncrease),
        sortValueOf: (page, id) => page.followerIncrease[id]?.increase ?? 0,
      });
      break;
    case 'zaps':
      load = async (paging, signal) => {
        const page = await ingest(() =>
          api.exploreZaps({ limit: explorePageSizes.zaps, ...paging, ...personal }, { signal }),
        );
        for (const z of zapListItems(page)) zaps.set(z.id, z);
        return page;
      };
      feed = new PagedFeed(load, {
        elementsOf: (page) => zapListItems(page).map((z) => z.id),
        sortValueOf: (_page, id) => zaps.get(id)?.created_at ?? 0,
      });
      break;
    case 'media':
      load = (paging, signal) =>
        ingest(() =>
          api.exploreMedia({ limit: explorePageSizes.media, ...paging, ...personal }, { signal }),
        );
      feed = new PagedFeed(load);
      break;
  }
  return { tab, feed, zap: (id) => zaps.get(id) };
}
