import { Suspense, useEffect } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ChunkNotice } from '@/app/chunk-notice.tsx';
import { BottomNav } from '@/app/nav/bottom-nav.tsx';
import { ComposeFab } from '@/app/nav/compose-fab.tsx';
import { MobileHeader } from '@/app/nav/mobile-header.tsx';
import { QuietBoundary } from '@/app/route-boundary.tsx';
import { SideNav } from '@/app/nav/side-nav.tsx';
import { ToastHost } from '@/components/ui/toast-host.tsx';
import { fetchPage } from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import { AccountDialogs } from '@/features/account/account-dialogs.tsx';
import { SignerBanner } from '@/features/account/signer-banner.tsx';
import { startLoginWhenNeeded } from '@/features/account/login-start.ts';
import { ListDialogs } from '@/features/lists/list-dialogs.tsx';
import { NoteActionsProvider } from '@/features/note-actions/index.ts';
import { SettingsNotices } from '@/features/settings/settings-notices.tsx';
import { WriteDialogs } from '@/features/write/write-dialogs.tsx';
import { createWriteHandlers } from '@/features/write/write-handlers.ts';
import { ZapDialogs } from '@/features/zaps/zap-dialogs.tsx';
import { afterFirstContent, useAfterFirstFeedPage } from '@/lib/first-content.ts';
import { useStore } from '@/lib/external-store.ts';
import { premiumReminderOpen } from '@/features/premium/reminder-store.ts';
import { useMediaQuery, wideQuery } from '@/lib/use-media-query.ts';
import '@/app/layout.css';

/** The note actions of the write path (one set for the app). */
const writeHandlers = createWriteHandlers();

const RouteSidebar = lazy(() => import('@/features/sidebar/route-sidebar.tsx'));
const ConnectionBanner = lazy(() => import('@/features/connection-banner.tsx'));
const PremiumReminder = lazy(() => import('@/features/premium/premium-reminder.tsx'));
const PushShell = lazy(() => import('@/features/push/push-shell.tsx'));

/** Signed-in extras of the shell: the user's profile and the unread-count badges. */
function useSignedInShell(pubkey: string | null, resolved: boolean, canSign: boolean) {
  useEffect(() => {
    if (!pubkey) return;
    fetchPage('user_infos', { pubkeys: [pubkey] }).catch(() => {});
  }, [pubkey]);
  useEffect(() => {
    // Spec section 4: counts start once the key lookup is done and a public key exists.
    if (!pubkey || !resolved) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void afterFirstContent()
      .then(() => import('@/app/nav/unread-counts.ts'))
      .then((m) => {
        if (!cancelled) stop = m.watchUnreadCounts(pubkey);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [pubkey, resolved]);
  useEffect(() => {
    // Spec section 4: membership is fetched on login (no status: tier none).
    if (!pubkey || !canSign) return;
    void afterFirstContent()
      .then(() => import('@/features/premium/membership.ts'))
      .then((m) => m.loadMembershipOnLogin(pubkey));
  }, [pubkey, canSign]);
}

/**
 * The main layout: navigation, main column and sidebar from 1280 px; an icon rail and the main
 * column from 768 px; below that one column with a compact header and a bottom bar.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const session = useSession();
  const wide = useMediaQuery(wideQuery);
  // Opened on a feed, the sidebar's code loads once the feed's first page is painted.
  const sidebarReady = useAfterFirstFeedPage();
  // New pages start at the top; back/forward leaves it to the page (feeds restore themselves).
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  useEffect(() => {
    void startLoginWhenNeeded();
    // The Downloads badge (spec section 4), once the first content is on screen.
    void afterFirstContent()
      .then(() => import('@/features/downloads/download-badge-watch.ts'))
      .then((m) => m.checkDownloadBadge());
  }, []);
  useSignedInShell(session.pubkey, session.resolved, session.canSign);
  const reminder = useStore(premiumReminderOpen);
  return (
    <NoteActionsProvider handlers={writeHandlers}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="shell">
        <SideNav />
        <MobileHeader />
        <main id="main" className="shell-main" tabIndex={-1}>
          <Suspense fallback={null}>
            <ConnectionBanner />
          </Suspense>
          <SignerBanner />
          <Outlet />
        </main>
        {wide && (
          <aside className="shell-aside" aria-label={t('sidebar.label')}>
            <QuietBoundary>
              <Suspense fallback={null}>{sidebarReady && <RouteSidebar />}</Suspense>
            </QuietBoundary>
          </aside>
        )}
        <BottomNav />
        <ComposeFab />
      </div>
      <AccountDialogs />
      <WriteDialogs />
      <ListDialogs />
      {reminder && (
        <Suspense fallback={null}>
          <PremiumReminder />
        </Suspense>
      )}
      <ZapDialogs />
      <ToastHost />
      <ChunkNotice />
      <SettingsNotices />
      {session.pubkey && sidebarReady && (
        <Suspense fallback={null}>
          <PushShell pubkey={session.pubkey} canSign={session.canSign} navigate={navigate} />
        </Suspense>
      )}
    </NoteActionsProvider>
  );
}
