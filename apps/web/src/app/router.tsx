import { Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { MainLayout } from '@/app/main-layout.tsx';
import { RouteBoundary } from '@/app/route-boundary.tsx';
import { RouteLoading } from '@/app/route-loading.tsx';
import { RouteMatchContext, routeMatchOf } from '@/app/route-match.ts';
import { VanityRoute } from '@/app/vanity-route.tsx';
import { swell } from '@/data/client.ts';
import { lazyScreen } from '@/lib/lazy.ts';

/**
 * A screen loaded on first use: a module that exports its screen as `Component`. Offline, when
 * its code cannot be fetched, the route's boundary shows the offline notice until it can.
 */
function screen(load: () => Promise<{ Component: ComponentType }>): ComponentType {
  return lazyScreen(() => load().then((m) => ({ default: m.Component })));
}

const Home = screen(() => {
  // Starts the feed while the screen's code loads (the session's Home model; the screen takes
  // the same one).
  void import('@/features/home/start-home.ts').then((m) => m.startHome(swell()));
  return import('@/screens/home.tsx');
});
const Thread = screen(() => import('@/screens/thread.tsx'));
const Profile = screen(() => import('@/screens/profile.tsx'));
const AdvancedSearch = screen(() => import('@/screens/advanced-search.tsx'));
const NotFoundScreen = screen(() => import('@/screens/not-found.tsx'));

const ToHome = () => <Navigate to="/home" replace />;
const ToDownloads = () => <Navigate to="/downloads" replace />;
const VanityProfile = () => (
  <VanityRoute>
    <Profile />
  </VanityRoute>
);
const VanityThread = () => (
  <VanityRoute>
    <Thread />
  </VanityRoute>
);

/** The main column's routed screen: errors and loading stay inside the layout. */
function Routed() {
  return (
    <RouteBoundary>
      <Suspense fallback={<RouteLoading />}>
        <Outlet />
      </Suspense>
    </RouteBoundary>
  );
}

/** Every route of spec section 2; every screen is loaded lazily so the first load stays small. */
const routes: RouteObject[] = [
  {
    path: '/app-download-qr',
    Component: screen(() => import('@/screens/standalone/app-download-qr.tsx')),
  },
  { path: '/terms', Component: screen(() => import('@/screens/standalone/terms.tsx')) },
  { path: '/privacy', Component: screen(() => import('@/screens/standalone/privacy.tsx')) },
  { path: '/support', Component: screen(() => import('@/screens/standalone/support.tsx')) },
  {
    path: '/',
    Component: MainLayout,
    children: [
      {
        Component: Routed,
        children: [
          { index: true, Component: ToHome },
          { path: 'home', handle: { sidebar: 'home' }, Component: Home },
          {
            path: 'reads/:topic?',
            handle: { sidebar: 'reads' },
            Component: screen(() => import('@/screens/reads.tsx')),
          },
          { path: 'thread/:id', handle: { sidebar: 'thread' }, Component: Thread },
          { path: 'e/:id', handle: { sidebar: 'thread' }, Component: Thread },
          { path: 'explore', Component: screen(() => import('@/screens/explore.tsx')) },
          {
            path: 'explore/feed/:id',
            Component: screen(() => import('@/screens/explore-feed.tsx')),
          },
          {
            path: 'dms/:contact?',
            handle: { sidebar: 'messages' },
            Component: screen(() => import('@/features/messages/messages-screen.tsx')),
          },
          {
            path: 'notifications',
            Component: screen(() => import('@/features/notifications/notifications-screen.tsx')),
          },
          { path: 'downloads', Component: screen(() => import('@/screens/downloads.tsx')) },
          { path: 'download', Component: ToDownloads },
          { path: 'settings', Component: screen(() => import('@/screens/settings/menu.tsx')) },
          {
            path: 'settings/appearance',
            Component: screen(() => import('@/screens/settings/appearance.tsx')),
          },
          {
            path: 'settings/network',
            Component: screen(() => import('@/screens/settings/network.tsx')),
          },
          {
            path: 'settings/muted',
            Component: screen(() => import('@/screens/settings/muted.tsx')),
          },
          {
            path: 'settings/filters',
            Component: screen(() => import('@/screens/settings/filters.tsx')),
          },
          {
            path: 'settings/account',
            Component: screen(() => import('@/screens/settings/account.tsx')),
          },
          {
            path: 'settings/home_feeds',
            Component: screen(() => import('@/screens/settings/home-feeds.tsx')),
          },
          {
            path: 'settings/reads_feeds',
            Component: screen(() => import('@/screens/settings/reads-feeds.tsx')),
          },
          {
            path: 'settings/notifications',
            Component: screen(() => import('@/screens/settings/notifications.tsx')),
          },
          {
            path: 'settings/profile',
            Component: screen(() => import('@/screens/settings/profile-edit.tsx')),
          },
          { path: 'settings/zaps', Component: screen(() => import('@/screens/settings/zaps.tsx')) },
          {
            path: 'settings/tiers',
            Component: screen(() => import('@/screens/settings/tiers.tsx')),
          },
          { path: 'bookmarks', Component: screen(() => import('@/screens/bookmarks.tsx')) },
          { path: 'profile/:npub?', handle: { sidebar: 'profile' }, Component: Profile },
          { path: 'p/:npub?', handle: { sidebar: 'profile' }, Component: Profile },
          { path: 'help', Component: screen(() => import('@/screens/help.tsx')) },
          {
            path: 'wallet',
            Component: screen(() => import('@/features/wallet/wallet-screen.tsx')),
          },
          { path: 'search/:query', Component: screen(() => import('@/screens/search.tsx')) },
          { path: 'mutelist/:npub', Component: screen(() => import('@/screens/mutelist.tsx')) },
          { path: 'new', Component: screen(() => import('@/screens/new-account.tsx')) },
          { path: 'feeds', Component: screen(() => import('@/screens/feeds.tsx')) },
          { path: 'feeds/:query', Component: screen(() => import('@/screens/feed-test.tsx')) },
          { path: 'asearch', Component: AdvancedSearch },
          { path: 'asearch/:query', Component: AdvancedSearch },
          {
            path: 'premium/:step?',
            Component: screen(() => import('@/features/premium/premium-screen.tsx')),
          },
          { path: '404', Component: NotFoundScreen },
          {
            path: ':vanityName',
            handle: { sidebar: 'profile' },
            Component: VanityProfile,
          },
          {
            path: ':vanityName/:identifier',
            handle: { sidebar: 'thread' },
            Component: VanityThread,
          },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];

/**
 * The routes of the current location (React Router's declarative mode: no data router, so its
 * code stays out of the first load). The best match is shared with the sidebar.
 */
export function AppRoutes() {
  const location = useLocation();
  // Not `useRoutes(routes, location)`: with a location argument it reports every navigation as
  // a POP, and the layout would not scroll new pages to the top.
  const element = useRoutes(routes);
  return (
    <RouteMatchContext.Provider value={routeMatchOf(routes, location)}>
      <RouteBoundary>
        <Suspense fallback={null}>{element}</Suspense>
      </RouteBoundary>
    </RouteMatchContext.Provider>
  );
}
