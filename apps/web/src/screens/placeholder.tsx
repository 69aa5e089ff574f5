import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import Compass from 'lucide-react/icons/compass';
import Crown from 'lucide-react/icons/crown';
import House from 'lucide-react/icons/house';
import Mail from 'lucide-react/icons/mail';
import Search from 'lucide-react/icons/search';
import Settings from 'lucide-react/icons/settings';
import Sparkles from 'lucide-react/icons/sparkles';
import UserPlus from 'lucide-react/icons/user-plus';
import VolumeX from 'lucide-react/icons/volume-x';
import Rss from 'lucide-react/icons/rss';
import { NotImplemented } from '@/components/not-implemented.tsx';
import { Screen } from '@/components/screen.tsx';

/** An icon for each screen that is not built yet (by its title key). */
const icons: Record<string, LucideIcon> = {
  'nav.reads': BookOpen,
  'nav.explore': Compass,
  'nav.messages': Mail,
  'nav.bookmarks': Bookmark,
  'nav.notifications': Bell,
  'nav.premium': Crown,
  'nav.search': Search,
  'nav.advancedSearch': Search,
  'nav.muteList': VolumeX,
  'nav.newAccount': UserPlus,
  'nav.feeds': Rss,
};

/** A screen not built yet: its title, an illustration and the not-implemented notice. */
export function Component() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  const key = handle?.title ?? 'app.name';
  const Icon = icons[key] ?? (key.startsWith('settings.') ? Settings : Sparkles);
  return (
    <Screen title={t(key)} back={key.startsWith('settings.')}>
      <NotImplemented icon={<Icon size={28} />} homeIcon={<House size={16} aria-hidden />} />
    </Screen>
  );
}
