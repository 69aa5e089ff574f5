import type { ExploreScope, ExploreTimeframe } from '@swell/cache-protocol';

/** Explore's tabs; feeds is the default (spec section 2). */
export const exploreTabs = ['feeds', 'people', 'zaps', 'media', 'topics'] as const;
export type ExploreTab = (typeof exploreTabs)[number];
export const defaultExploreTab: ExploreTab = 'feeds';

export function isExploreTab(v: unknown): v is ExploreTab {
  return (exploreTabs as readonly unknown[]).includes(v);
}

/** Scopes, widest last: whose notes (follows, follows and followers, two hops, everyone). */
export const exploreScopes: readonly ExploreScope[] = ['follows', 'tribe', 'network', 'global'];
/** Timeframes: newest, trending (24 h score), popular (all-time score), most zapped. */
export const exploreTimeframes: readonly ExploreTimeframe[] = [
  'latest',
  'trending',
  'popular',
  'mostzapped',
];

/** What the explore feed shows: a scope and a timeframe (the title says both). */
export interface ExploreLens {
  scope: ExploreScope;
  timeframe: ExploreTimeframe;
}

export const defaultExploreLens: ExploreLens = { scope: 'global', timeframe: 'trending' };

/** Page sizes of spec section 9: explore zaps and media 20, people 10, notes 20. */
export const explorePageSizes = { feeds: 20, people: 10, zaps: 20, media: 20 } as const;

export function isExploreScope(v: unknown): v is ExploreScope {
  return (exploreScopes as readonly unknown[]).includes(v);
}

export function isExploreTimeframe(v: unknown): v is ExploreTimeframe {
  return (exploreTimeframes as readonly unknown[]).includes(v);
}

/** Every scope but global is relative to someone: it needs a public key. */
export function scopeNeedsKey(scope: ExploreScope): boolean {
  return scope !== 'global';
}

/** A lens from loose values (URL search params); unknown parts fall back to the default. */
export function readExploreLens(scope: unknown, timeframe: unknown): ExploreLens {
  return {
    scope: isExploreScope(scope) ? scope : defaultExploreLens.scope,
    timeframe: isExploreTimeframe(timeframe) ? timeframe : defaultExploreLens.timeframe,
  };
}
