import type { LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import CircleHelp from 'lucide-react/icons/circle-help';
import Compass from 'lucide-react/icons/compass';
import Crown from 'lucide-react/icons/crown';
import Download from 'lucide-react/icons/download';
import House from 'lucide-react/icons/house';
import Mail from 'lucide-react/icons/mail';
import Settings from 'lucide-react/icons/settings';
import Wallet from 'lucide-react/icons/wallet';
import type { NavBadgeName } from '@/features/nav/nav-badges.ts';

export interface NavItem {
  to: string;
  /** i18n key of the label. */
  label: string;
  icon: LucideIcon;
  badge?: NavBadgeName;
  /** Shown in the phone's bottom bar; the others go under "More". */
  bottomBar?: boolean;
}

/** Main navigation, in the order of the spec. */
export const navItems: readonly NavItem[] = [
  { to: '/home', label: 'nav.home', icon: House, badge: 'newNotes', bottomBar: true },
  { to: '/reads', label: 'nav.reads', icon: BookOpen, bottomBar: true },
  { to: '/explore', label: 'nav.explore', icon: Compass, bottomBar: true },
  { to: '/dms', label: 'nav.messages', icon: Mail, badge: 'messages', bottomBar: true },
  { to: '/bookmarks', label: 'nav.bookmarks', icon: Bookmark },
  {
    to: '/notifications',
    label: 'nav.notifications',
    icon: Bell,
    badge: 'notifications',
    bottomBar: true,
  },
  { to: '/wallet', label: 'nav.wallet', icon: Wallet },
  { to: '/downloads', label: 'nav.downloads', icon: Download, badge: 'downloads' },
  { to: '/premium', label: 'nav.premium', icon: Crown },
  { to: '/settings', label: 'nav.settings', icon: Settings },
  { to: '/help', label: 'nav.help', icon: CircleHelp },
];
