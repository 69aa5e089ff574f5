import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Bell from 'lucide-react/icons/bell';
import { notificationsModel } from '@swell/client';
import type { NotificationTypeGroup } from '@swell/cache-protocol';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';
import { NoteSkeleton } from '@/features/note/note-skeleton.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { useSession } from '@/data/session.ts';
import { setNavBadge } from '@/features/nav/nav-badges.ts';
import { swell } from '@/data/client.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { notifications } from '@/i18n/en/notifications.ts';

addStrings({ notifications });

import { useModel } from '@/data/use-model.ts';
import { useScrollMemory } from '@/features/feed/scroll-memory.ts';
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
          <NotificationsTab key={tab} group={tab} />
        </Tabs>
      )}
    </Screen>
  );
}

function NotificationsTab({ group }: { group: NotificationTypeGroup }) {
  const { t } = useTranslation();
  const { state: loaded, model } = useModel(notificationsModel, group)!;
  // Settings > Notifications: switched-off types are not shown.
  const { notifications: shown } = useSettings().settings;
  const snap = useMemo(() => {
    const hidden = hiddenNotificationTypes(shown);
    if (hidden.size === 0) return loaded;
    const keep = (g: { type: number }) => !hidden.has(g.type);
    return { ...loaded, fresh: loaded.fresh.filter(keep), older: loaded.older.filter(keep) };
  }, [loaded, shown]);
  useScrollMemory(model, snap.fresh.length + snap.older.length > 0);

  // Viewed: each load the view shows (the first, and what arrives while it is open) is marked
  // seen at once, so the badge does not light up for what the user is looking at.
  useEffect(() => {
    if (loaded.loads === 0) return;
    if (!swell().session.signer || document.visibilityState !== 'visible') return;
    setNavBadge('notifications', 0);
    model.markSeen().catch((e: unknown) => {
      console.warn('could not mark notifications seen:', (e as Error).message);
    });
  }, [loaded.loads, model]);

  if (snap.loading && snap.fresh.length === 0 && snap.older.length === 0) {
    return (
      <LoadingRegion label={t('notifications.loading')}>
        <NoteSkeleton />
        <NoteSkeleton />
      </LoadingRegion>
    );
  }
  if (snap.error && snap.fresh.length === 0 && snap.older.length === 0) {
    return <ErrorState title={t('notifications.loadFailed')} onRetry={() => void model.retry()} />;
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
          <Button disabled={snap.loading} onClick={() => void model.loadMore()}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
