import { Suspense, lazy } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches, useNavigationType } from 'react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { navItems } from '@/app/nav-items.ts';
import { useTheme } from '@/theme/theme-store.ts';
import { themeByName } from '@/theme/themes.ts';

const AccountArea = lazy(() => import('@/features/account/account-area.tsx'));
const HomeSidebar = lazy(() => import('@/features/sidebar/home-sidebar.tsx'));
const ConnectionBanner = lazy(() => import('@/features/connection-banner.tsx'));

export function MainLayout() {
  const { t } = useTranslation();
  const theme = themeByName(useTheme());
  const matches = useMatches();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // New pages start at the top; back/forward leaves it to the page (feeds restore themselves).
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  const withSidebar = matches.some((m) => (m.handle as { sidebar?: boolean })?.sidebar);
  return (
    <div className={withSidebar ? 'layout layout-with-sidebar' : 'layout'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="layout-nav">
        <Link to="/home" className="logo">
          <img src={theme.logo} alt="" width={32} height={32} />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.label')}>
          <ul>
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{t(item.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Suspense fallback={null}>
          <AccountArea />
        </Suspense>
      </header>
      <main id="main" className="layout-main" tabIndex={-1}>
        <Suspense fallback={null}>
          <ConnectionBanner />
        </Suspense>
        <Outlet />
      </main>
      {withSidebar && (
        <aside className="layout-sidebar" aria-label={t('sidebar.label')}>
          <Suspense fallback={null}>
            <HomeSidebar />
          </Suspense>
        </aside>
      )}
    </div>
  );
}
