import { parseFeedSpec } from '@swell/cache-protocol';
import type { UserRecordStore } from '../storage/user-record.ts';

/**
 * What the home sidebar lists (per-user record `homeSidebarSelection`): trending notes of the
 * last 24 hours, or the most zapped of the last 4 hours (`scored {selector}`).
 */
export const homeSidebarSelectors = ['trending_24h', 'mostzapped_4h'] as const;
export type HomeSidebarSelector = (typeof homeSidebarSelectors)[number];
export const defaultHomeSidebarSelector: HomeSidebarSelector = 'trending_24h';

export function isHomeSidebarSelector(v: unknown): v is HomeSidebarSelector {
  return (homeSidebarSelectors as readonly unknown[]).includes(v);
}

/** The stored selection of this user (guests too), or the default. */
export function readHomeSidebarSelection(
  records: UserRecordStore,
  pubkey: string | null,
): HomeSidebarSelector {
  const stored = records.get(pubkey).homeSidebarSelection;
  return isHomeSidebarSelector(stored) ? stored : defaultHomeSidebarSelector;
}

export function writeHomeSidebarSelection(
  records: UserRecordStore,
  pubkey: string | null,
  selector: HomeSidebarSelector,
): void {
  records.update(pubkey, { homeSidebarSelection: selector });
}

/**
 * The selectors that do not repeat the home feed on screen beside them (the sidebar would list
 * the same notes): next to Trending 24h only Most zapped 4h, next to Most zapped 4h only
 * Trending 24h, next to any other feed both.
 */
export function homeSidebarSelectorsBeside(feedSpec: string | null): HomeSidebarSelector[] {
  const spec = feedSpec ? parseFeedSpec(feedSpec) : null;
  const same: HomeSidebarSelector | null =
    spec?.id === 'global-trending' && spec.hours === 24
      ? 'trending_24h'
      : spec?.id === 'most-zapped' && spec.hours === 4
        ? 'mostzapped_4h'
        : null;
  return homeSidebarSelectors.filter((s) => s !== same);
}

/** What the sidebar lists beside a home feed: the stored choice unless it repeats the feed. */
export function homeSidebarSelectionBeside(
  stored: HomeSidebarSelector,
  feedSpec: string | null,
): HomeSidebarSelector {
  const allowed = homeSidebarSelectorsBeside(feedSpec);
  return allowed.includes(stored) ? stored : allowed[0]!;
}
