import type { FeedPage } from '@swell/cache-protocol';
import {
  explorePageSizes,
  scopeNeedsKey,
  type ExploreLens,
  type ExploreTab,
} from '../explore/explore-lens.ts';
import type { NetStats } from '@swell/cache-protocol';
import { loadExploreTopics } from '../explore/explore-topics.ts';
import {
  loadFeaturedFeed,
  loadFeaturedFeeds,
  type FeaturedFeed,
} from '../explore/featured-feeds.ts';
import { zapListItems, type ZapListItem } from '../explore/zap-list-items.ts';
import { FeedModel, type FeedSource } from './feed-model.ts';
import { defineModel, type ModelContext } from './model.ts';
import { defineQuery } from './query-model.ts';
import { defineStream } from './stream-model.ts';

/** A paged tab of Explore (all but topics). */
export type ExploreListTab = Exclude<ExploreTab, 'topics'>;

/** Which list of Explore: a tab, seen through a lens. */
export interface ExploreListParams extends ExploreLens {
  tab: ExploreListTab;
}

/**
 * An Explore tab's source: feeds = `explore {scope, timeframe}` (notes), people =
 * `explore_people`, zaps = `explore_zaps`, media = `explore_media`; page sizes of spec section 9.
 * A scope other than global without a viewer falls back to global (the server cannot compute it).
 */
export function exploreSource(params: ExploreListParams, viewer: string | null): FeedSource {
  switch (params.tab) {
    case 'feeds': {
      const scope = scopeNeedsKey(params.scope) && !viewer ? 'global' : params.scope;
      return {
        command: 'explore',
        payload: { timeframe: params.timeframe, scope, limit: explorePageSizes.feeds },
      };
    }
    case 'people':
      return { command: 'explore_people', payload: { limit: explorePageSizes.people } };
    case 'zaps':
      return { command: 'explore_zaps', payload: { limit: explorePageSizes.zaps } };
    case 'media':
      return { command: 'explore_media', payload: { limit: explorePageSizes.media } };
  }
}

/** Rising accounts (pubkeys, by the followers they gained). */
export class PeopleListModel extends FeedModel {
  private readonly gains = new Map<string, number>();

  /** Followers an account of the list gained. */
  followerGain(pubkey: string): number | undefined {
    return this.gains.get(pubkey);
  }

  protected override elementsOf(page: FeedPage): string[] {
    for (const [pk, f] of Object.entries(page.followerIncrease)) this.gains.set(pk, f.increase);
    return page.range?.elements ?? Object.keys(page.followerIncrease);
  }

  protected override sortValueOf(page: FeedPage, id: string): number {
    return page.followerIncrease[id]?.increase ?? 0;
  }

  protected override noteOf(): (id: string) => string {
    return (id) => id;
  }

  protected override shows(ids: string[]): { notes: string[]; users: string[] } {
    return { notes: [], users: ids };
  }
}

/** Zaps of notes and articles, newest first (zap receipts, with their details). */
export class ZapListModel extends FeedModel {
  private readonly zaps = new Map<string, ZapListItem>();

  /** A zap of the list, by receipt id. */
  zap(id: string): ZapListItem | undefined {
    return this.zaps.get(id);
  }

  protected override elementsOf(page: FeedPage): string[] {
    const items = zapListItems(page);
    for (const z of items) this.zaps.set(z.id, z);
    return items.map((z) => z.id);
  }

  protected override sortValueOf(_page: FeedPage, id: string): number {
    return this.zaps.get(id)?.created_at ?? 0;
  }

  protected override noteOf(): (id: string) => string {
    return (id) => id;
  }

  protected override shows(ids: string[]): { notes: string[]; users: string[] } {
    const zaps = ids.flatMap((id) => this.zaps.get(id) ?? []);
    return { notes: zaps.map((z) => z.zappedId), users: zaps.map((z) => z.sender) };
  }
}

function create(ctx: ModelContext, params: ExploreListParams): FeedModel {
  const source = exploreSource(params, ctx.viewer);
  switch (params.tab) {
    case 'people':
      return new PeopleListModel(ctx, source);
    case 'zaps':
      return new ZapListModel(ctx, source);
    default:
      return new FeedModel(ctx, source);
  }
}

/** The paged list of an Explore tab (`PeopleListModel`, `ZapListModel`, else notes). */
export const exploreListModel = defineModel<ExploreListParams, FeedModel>('explore-list', create);

/** The feeds this server features (Explore's feeds tab, the feed catalogue). */
export const featuredFeedsModel = defineQuery<void, FeaturedFeed[]>(
  'featured-feeds',
  (ctx) => loadFeaturedFeeds(ctx.api, ctx.viewer ?? undefined),
  { key: () => '', freshMs: 5 * 60_000 },
);

/** One featured feed by its id (`/explore/feed/:id`), or null when there is none. */
export const featuredFeedModel = defineQuery<string, FeaturedFeed | null>(
  'featured-feed',
  (ctx, id) => loadFeaturedFeed(ctx.api, id, ctx.viewer ?? undefined),
  { key: (id) => id, freshMs: 5 * 60_000 },
);

/** The topics of the last 24 h with their note counts, most used first. */
export const exploreTopicsModel = defineQuery<void, Array<{ topic: string; count: number }>>(
  'explore-topics',
  (ctx) => loadExploreTopics(ctx.api),
  { key: () => '', freshMs: 60_000 },
);

/** The network's statistics, streamed while someone shows them (`net_stats`). */
export const netStatsModel = defineStream<void, NetStats>('net-stats', (ctx, _params, emit) =>
  ctx.api.netStats(emit),
);
