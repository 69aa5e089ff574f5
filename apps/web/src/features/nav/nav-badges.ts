import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';

/** Counts shown on navigation items (new posts, unread notifications and messages). */
export interface NavBadges {
  newNotes: number;
  notifications: number;
  messages: number;
  /** Mobile releases not seen yet (spec section 4). */
  downloads: number;
}

export type NavBadgeName = keyof NavBadges;

export const navBadges = createStore<NavBadges>({
  newNotes: 0,
  notifications: 0,
  messages: 0,
  downloads: 0,
});

export function setNavBadge(name: NavBadgeName, count: number): void {
  const current = navBadges.get();
  if (current[name] !== count) navBadges.set({ ...current, [name]: count });
}

export function useNavBadges(): NavBadges {
  return useSnapshot(navBadges);
}
