import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Bell from 'lucide-react/icons/bell';
import { NotificationsFeed } from '@swell/client';
import type { NotificationTypeGroup } from '@swell/cache-protocol';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';
import { NoteSkeleton } from '@/components/note/note-skeleton.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { api } from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import { setNavBadge } from '@/app/nav/nav-badges.ts';
import { swell } from '@/data/client.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { notifications } from '@/i18n/en/notifications.ts';

addStrings({ notifications });

const currentSigner = () => swell().session.signer;
import { useObservable } from '@/features/messages/use-observable.ts';
import { NotificationItem } from '@/features/notifications/notification-item.tsx';
import { hiddenNotificationTypes } from '@/features/settings/notification-types.ts';
import { useSettings } from '@/features/settings/use-settings.ts';
import '@/features/notifications/notifications.css';

const TABS: readonly NotificationTypeGroup[] = ['all', 'zaps', 'replies', 'mentions', 'reposts'];

/** `/notifications`: tabs All, Zaps, Replies, Mentions, Reposts (spec sections 2 and 4). */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<NotificationTypeGroup>('all');
  useEffect(() => {
    document.title = `${t('notifications.title')} | ${t('app.name')}`;
  }, [t]);
  const me = session.pubkey;
  return (
    <Screen title={t('notifications.title')}>
      {!me ? (
        <EmptyState
          icon={<Bell size={28} />}
          title={t('notifications.signInTitle')}
          body={t('notifications.signInBody')}
        />
      ) : (
        <Tabs
          label={t('notifications.tabsLabel')}
          value={tab}
          onChange={setTab}
          items={TABS.map((v) => ({ value: v, label: t(`notifications.tabs.${v}`) }))}
        >
          <NotificationsTab key={`${me}:${tab}`} me={me} group={tab} />
        </Tabs>
      )}
    </Screen>
  );
}

function NotificationsTab({ me, group }: { me: string; group: NotificationTypeGroup }) {
  const { t } = useTranslation();
  const feed = useMemo(
    () =>
      new NotificationsFeed({
        api: api(),
        me,
        group,
        signer: currentSigner,
        onPage: (page) => swell().store.ingestPage(page),
      }),
    [me, group],
  );
  const loaded = useObservable(feed);
  // Settings > Notifications: switched-off types are not shown.
  const { notifications: shown } = useSettings().settings;
  const snap = useMemo(() => {
    const hidden = hiddenNotificationTypes(shown);
    if (hidden.size === 0) return loaded;
    const keep = (g: { type: number }) => !hidden.has(g.type);
    return { ...loaded, fresh: loaded.fresh.filter(keep), older: loaded.older.filter(keep) };
  }, [loaded, shown]);

  // Viewed: load, then mark seen. While the view is open and live, what arrives is loaded and
  // marked seen at once, so the badge does not light up for what the user is looking at.
  useEffect(() => {
    let stopped = false;
    const seen = () => {
      if (!currentSigner() || document.visibilityState !== 'visible') return;
      feed.markSeen().catch((e: unknown) => {
        console.warn('could not mark notifications seen:', (e as Error).message);
      });
    };
    void feed.load().then(() => !stopped && seen());
    let first = true;
    const stop = api().notificationCounts(me, (counts) => {
      const sum = Object.values(counts).reduce((a, n) => a + (Number.isFinite(n) ? n : 0), 0);
      if (first) {
        first = false;
        return;
      }
      if (sum > 0 && document.visibilityState === 'visible') {
        setNavBadge('notifications', 0);
        void feed.refresh().then(() => !stopped && seen());
      }
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [feed, me]);

  if (snap.loading && snap.fresh.length === 0 && snap.older.length === 0) {
    return (
      <LoadingRegion label={t('notifications.loading')}>
        <NoteSkeleton />
        <NoteSkeleton />
      </LoadingRegion>
    );
  }
  if (snap.error && snap.fresh.length === 0 && snap.older.length === 0) {
    return <ErrorState title={t('notifications.loadFailed')} onRetry={() => void feed.load()} />;
  }
  if (snap.fresh.length === 0 && snap.older.length === 0) {
    return (
      <EmptyState
        icon={<Bell size={28} />}
        title={t('notifications.empty')}
        body={t('notifications.emptyBody')}
      />
    );
  }
  return (
    <div className="notifications">
      {snap.fresh.length > 0 && (
        <section aria-label={t('notifications.new')}>
          <h2 className="notif-section">{t('notifications.new')}</h2>
          <ul className="notif-list">
            {snap.fresh.map((g) => (
              <NotificationItem key={g.key} group={g} fresh />
            ))}
          </ul>
        </section>
      )}
      {snap.older.length > 0 && (
        <section aria-label={t('notifications.earlier')}>
          {snap.fresh.length > 0 && <h2 className="notif-section">{t('notifications.earlier')}</h2>}
          <ul className="notif-list">
            {snap.older.map((g) => (
              <NotificationItem key={g.key} group={g} />
            ))}
          </ul>
        </section>
      )}
      {snap.hasMore && (
        <div className="notif-more">
          <Button disabled={snap.loading} onClick={() => void feed.loadMore()}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
