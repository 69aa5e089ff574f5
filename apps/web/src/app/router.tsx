import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { MainLayout } from '@/app/main-layout.tsx';
import { RouteError } from '@/app/route-error.tsx';
import { vanityProfileLoader, vanityThreadLoader } from '@/app/vanity.ts';

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
          { path: 'settings/muted', lazy: () => import('@/screens/settings/muted.tsx') },
          { path: 'settings/filters', lazy: () => import('@/screens/settings/filters.tsx') },
          { path: 'settings/account', lazy: () => import('@/screens/settings/account.tsx') },
          { path: 'settings/home_feeds', lazy: () => import('@/screens/settings/home-feeds.tsx') },
          {
            path: 'settings/reads_feeds',
            lazy: () => import('@/screens/settings/reads-feeds.tsx'),
          },
          {
            path: 'settings/notifications',
            lazy: () => import('@/screens/settings/notifications.tsx'),
          },
          { path: 'settings/profile', lazy: () => import('@/screens/settings/profile-edit.tsx') },
          { path: 'settings/zaps', lazy: () => import('@/screens/settings/zaps.tsx') },
          { path: 'bookmarks', lazy: () => import('@/screens/bookmarks.tsx') },
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
          { path: 'mutelist/:npub', lazy: () => import('@/screens/mutelist.tsx') },
          { path: 'new', lazy: () => import('@/screens/new-account.tsx') },
          { path: 'feeds', lazy: () => import('@/screens/feeds.tsx') },
          { path: 'feeds/:query', lazy: () => import('@/screens/feed-test.tsx') },
          { path: 'asearch', lazy: () => import('@/screens/advanced-search.tsx') },
          { path: 'asearch/:query', lazy: () => import('@/screens/advanced-search.tsx') },
          { path: 'premium/:step?', lazy: () => import('@/features/premium/premium-screen.tsx') },
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
