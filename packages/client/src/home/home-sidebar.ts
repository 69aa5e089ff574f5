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
