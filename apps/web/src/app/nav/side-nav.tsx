import { Link, NavLink } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import SquarePen from 'lucide-react/icons/square-pen';
import { navItems } from '@/app/nav/nav-items.ts';
import { useNavBadges } from '@/features/nav/nav-badges.ts';
import { navBadgeLabel } from '@/app/nav/nav-badge-label.ts';
import { CountBadge } from '@/components/ui/badge.tsx';
import { AccountCard, AccountButton } from '@/features/account/account-area.tsx';
import { useNoteActions } from '@/features/note-actions/index.ts';
import { useTheme } from '@/theme/theme-store.ts';
import { themeByName } from '@/theme/themes.ts';

/**
 * The navigation column: labels from 1280 px, an icon rail (labels as hover and focus
 * tooltips) from 768 px. Hidden on phones, where the bottom bar takes over.
 */
export function SideNav() {
  const { t } = useTranslation();
  const theme = themeByName(useTheme());
  const badges = useNavBadges();
  const actions = useNoteActions();
  return (
    <header className="side-nav">
      <Link to="/home" className="brand" aria-label={t('app.homeLink')}>
        <img src={theme.logo} alt="" width={36} height={36} className="brand-logo" />
        <span className="brand-name" aria-hidden="true">
          {t('app.name')}
        </span>
      </Link>
      <nav aria-label={t('nav.label')} className="side-nav-links">
        <ul>
          {navItems.map((item) => {
            const count = item.badge ? badges[item.badge] : 0;
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link">
                  <span className="nav-icon" aria-hidden="true">
                    <Icon size={22} />
                    {item.badge && count > 0 && <span className="nav-dot" />}
                  </span>
                  <span className="nav-label">{t(item.label)}</span>
                  {item.badge && (
                    <CountBadge count={count} label={navBadgeLabel(item.badge, count, t)} />
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <button
        type="button"
        className="btn btn-primary btn-lg compose-button"
        onClick={actions.compose}
      >
        <SquarePen size={20} aria-hidden />
        <span className="compose-label">{t('nav.newNote')}</span>
      </button>
      <div className="side-nav-account">
        <AccountCard />
        <AccountButton placement="rail" />
      </div>
    </header>
  );
}
