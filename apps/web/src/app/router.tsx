import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { MainLayout } from '@/app/main-layout.tsx';
import { RouteError } from '@/app/route-error.tsx';
import { vanityProfileLoader, vanityThreadLoader } from '@/app/vanity.ts';

/** A screen that only shows the not-implemented notice, titled by an i18n key. */
const placeholder = (title: string): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: { title },
  lazy: () => import('@/screens/placeholder.tsx'),
});

const settingsPages: RouteObject[] = [
  ['account', 'settings.account'],
  ['home_feeds', 'settings.homeFeeds'],
  ['reads_feeds', 'settings.readsFeeds'],
  ['notifications', 'settings.notifications'],
  ['muted', 'settings.muted'],
  ['filters', 'settings.filters'],
  ['profile', 'settings.profile'],
].map(([path, title]) => ({ path, ...placeholder(title!) }));

/** Every route of spec section 2; every screen is loaded lazily so the first load stays small. */
export const routes: RouteObject[] = [
  { path: '/app-download-qr', lazy: () => import('@/screens/standalone/app-download-qr.tsx') },
  { path: '/terms', lazy: () => import('@/screens/standalone/terms.tsx') },
  { path: '/privacy', lazy: () => import('@/screens/standalone/privacy.tsx') },
  { path: '/support', lazy: () => import('@/screens/standalone/support.tsx') },
  {
    path: '/',
    Component: MainLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => redirect('/home') },
          {
            path: 'home',
            // Starts the feed while the screen's code loads.
            loader: () => {
              void import('@/features/home/home-instance.ts').then((m) => m.homeFeedFor());
              return null;
            },
            lazy: () => import('@/screens/home.tsx'),
          },
          {
            path: 'reads/:topic?',
            handle: { sidebar: 'reads' },
            lazy: () => import('@/screens/reads.tsx'),
          },
          { path: 'thread/:id', lazy: () => import('@/screens/thread.tsx') },
          { path: 'e/:id', lazy: () => import('@/screens/thread.tsx') },
          { path: 'explore', lazy: () => import('@/screens/explore.tsx') },
          { path: 'explore/feed/:id', lazy: () => import('@/screens/explore-feed.tsx') },
          { path: 'dms/:contact?', lazy: () => import('@/features/messages/messages-screen.tsx') },
          {
            path: 'notifications',
            lazy: () => import('@/features/notifications/notifications-screen.tsx'),
          },
          { path: 'downloads', lazy: () => import('@/screens/downloads.tsx') },
          { path: 'download', loader: () => redirect('/downloads') },
          { path: 'settings', lazy: () => import('@/screens/settings/menu.tsx') },
          { path: 'settings/appearance', lazy: () => import('@/screens/settings/appearance.tsx') },
          { path: 'settings/network', lazy: () => import('@/screens/settings/network.tsx') },
          { path: 'settings/zaps', lazy: () => import('@/screens/settings/zaps.tsx') },
          ...settingsPages.map((r) => ({ ...r, path: `settings/${r.path}` })),
          { path: 'bookmarks', ...placeholder('nav.bookmarks') },
          {
            path: 'profile/:npub?',
            handle: { sidebar: 'profile' },
            lazy: () => import('@/screens/profile.tsx'),
          },
          {
            path: 'p/:npub?',
            handle: { sidebar: 'profile' },
            lazy: () => import('@/screens/profile.tsx'),
          },
          { path: 'help', lazy: () => import('@/screens/help.tsx') },
          { path: 'wallet', lazy: () => import('@/features/wallet/wallet-screen.tsx') },
          { path: 'search/:query', lazy: () => import('@/screens/search.tsx') },
          { path: 'mutelist/:npub', ...placeholder('nav.muteList') },
          { path: 'new', ...placeholder('nav.newAccount') },
          { path: 'feeds', lazy: () => import('@/screens/feeds.tsx') },
          { path: 'feeds/:query', lazy: () => import('@/screens/feed-test.tsx') },
          { path: 'asearch', lazy: () => import('@/screens/advanced-search.tsx') },
          { path: 'asearch/:query', lazy: () => import('@/screens/advanced-search.tsx') },
          { path: 'premium/:step?', ...placeholder('nav.premium') },
          { path: '404', lazy: () => import('@/screens/not-found.tsx') },
          {
            path: ':vanityName',
            handle: { sidebar: 'profile' },
            loader: vanityProfileLoader,
            lazy: () => import('@/screens/profile.tsx'),
          },
          {
            path: ':vanityName/:identifier',
            loader: vanityThreadLoader,
            lazy: () => import('@/screens/thread.tsx'),
          },
          { path: '*', lazy: () => import('@/screens/not-found.tsx') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
