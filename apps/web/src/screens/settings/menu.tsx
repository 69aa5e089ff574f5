import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/screen.tsx';

const pages = [
  ['account', 'settings.account'],
  ['appearance', 'settings.appearance'],
  ['home_feeds', 'settings.homeFeeds'],
  ['reads_feeds', 'settings.readsFeeds'],
  ['filters', 'settings.filters'],
  ['muted', 'settings.muted'],
  ['network', 'settings.network'],
  ['zaps', 'settings.zaps'],
  ['notifications', 'settings.notifications'],
  ['profile', 'settings.profile'],
] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <Screen title={t('settings.title')}>
      <nav aria-label={t('settings.menuLabel')}>
        <ul className="settings-menu">
          {pages.map(([path, label]) => (
            <li key={path}>
              <Link to={`/settings/${path}`}>{t(label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Screen>
  );
}
