import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Ellipsis from 'lucide-react/icons/ellipsis';
import { navItems } from '@/app/nav/nav-items.ts';
import { useNavBadges } from '@/features/nav/nav-badges.ts';
import { navBadgeLabel } from '@/app/nav/nav-badge-label.ts';
import { capCount } from '@/components/ui/badge.tsx';
import { Menu } from '@/components/ui/menu.tsx';

/** The phone's navigation: a bottom bar with the main places; the rest under "More". */
export function BottomNav() {
  const { t } = useTranslation();
  const badges = useNavBadges();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const main = navItems.filter((i) => i.bottomBar);
  const more = navItems.filter((i) => !i.bottomBar);
  const moreActive = more.some((i) => pathname.startsWith(i.to));
  return (
    <nav aria-label={t('nav.label')} className="bottom-nav">
      <ul>
        {main.map((item) => {
          const count = item.badge ? badges[item.badge] : 0;
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <NavLink to={item.to} className="bottom-link">
                <span className="nav-icon" aria-hidden="true">
                  <Icon size={22} />
                  {item.badge && count > 0 && (
                    <span className="bottom-count">{capCount(count)}</span>
                  )}
                </span>
                <span className="visually-hidden">{t(item.label)}</span>
                {item.badge && count > 0 && (
                  <span className="visually-hidden">{navBadgeLabel(item.badge, count, t)}</span>
                )}
              </NavLink>
            </li>
          );
        })}
        <li>
          <Menu
            side="top"
            align="end"
            trigger={
              <button type="button" className={moreActive ? 'bottom-link active' : 'bottom-link'}>
                <span className="nav-icon" aria-hidden="true">
                  <Ellipsis size={22} />
                </span>
                <span className="visually-hidden">{t('nav.more')}</span>
              </button>
            }
            entries={more.map((item) => {
              const Icon = item.icon;
              return {
                key: item.to,
                label: t(item.label),
                icon: <Icon size={18} />,
                onSelect: () => void navigate(item.to),
              };
            })}
          />
        </li>
      </ul>
    </nav>
  );
}
