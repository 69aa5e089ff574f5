import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Filter from 'lucide-react/icons/filter';
import Newspaper from 'lucide-react/icons/newspaper';
import Palette from 'lucide-react/icons/palette';
import Rss from 'lucide-react/icons/rss';
import Server from 'lucide-react/icons/server';
import Sparkles from 'lucide-react/icons/sparkles';
import UserCog from 'lucide-react/icons/user-cog';
import UserPen from 'lucide-react/icons/user-pen';
import VolumeX from 'lucide-react/icons/volume-x';
import Zap from 'lucide-react/icons/zap';
import { Screen } from '@/components/screen.tsx';
import '@/screens/settings/settings.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { settings } from '@/i18n/en/settings.ts';

addStrings({ settings });

const pages: [string, string, string, LucideIcon][] = [
  ['account', 'settings.account', 'settings.accountHint', UserCog],
  ['appearance', 'settings.appearance', 'settings.appearanceHint', Palette],
  ['home_feeds', 'settings.homeFeeds', 'settings.homeFeedsHint', Rss],
  ['reads_feeds', 'settings.readsFeeds', 'settings.readsFeedsHint', Newspaper],
  ['filters', 'settings.filters', 'settings.filtersHint', Filter],
  ['muted', 'settings.muted', 'settings.mutedHint', VolumeX],
  ['network', 'settings.network', 'settings.networkHint', Server],
  ['zaps', 'settings.zaps', 'settings.zapsHint', Zap],
  ['notifications', 'settings.notifications', 'settings.notificationsHint', Bell],
  ['profile', 'settings.profile', 'settings.profileHint', UserPen],
  ['tiers', 'settings.tiers', 'settings.tiersHint', Sparkles],
];

export function Component() {
  const { t } = useTranslation();
  return (
    <Screen title={t('settings.title')}>
      <nav aria-label={t('settings.menuLabel')} className="settings-body">
        <ul className="settings-menu">
          {pages.map(([path, label, hint, Icon]) => (
            <li key={path}>
              {/* The whole row is the link's target (stretched); its name is the label. */}
              <div className="settings-row">
                <span className="settings-row-icon" aria-hidden="true">
                  <Icon size={20} />
                </span>
                <span className="settings-row-text">
                  <Link to={`/settings/${path}`} className="settings-row-label">
                    {t(label)}
                  </Link>
                  <span className="settings-row-hint">{t(hint)}</span>
                </span>
                <ChevronRight className="settings-row-chevron" size={18} aria-hidden />
              </div>
            </li>
          ))}
        </ul>
      </nav>
    </Screen>
  );
}
