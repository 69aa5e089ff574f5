import type { TFunction } from '@/i18n/translator.ts';
import { capCount } from '@/components/ui/badge.tsx';
import type { NavBadgeName } from '@/features/nav/nav-badges.ts';

/** What a screen reader hears after a navigation item with a count ("5 new notes"). */
export function navBadgeLabel(name: NavBadgeName, count: number, t: TFunction): string {
  return t(`nav.badge.${name}`, { count, shown: capCount(count) });
}
