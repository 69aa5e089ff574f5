import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import ArrowDownToLine from 'lucide-react/icons/arrow-down-to-line';
import ArrowUpToLine from 'lucide-react/icons/arrow-up-to-line';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { addFeed, hasFeed, loadFeaturedFeeds, type FeedListName } from '@swell/client';
import type { FeedDefinition } from '@swell/cache-protocol';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { FeedListEditor } from '@/features/settings/feed-list-editor.tsx';
import { SyncStatus } from '@/features/settings/sync-status.tsx';
import { useSettings } from '@/features/settings/use-settings.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/features/settings/settings-pages.css';

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

/** Feeds the user may add: the server's defaults, then its featured feeds of the same kind. */
async function availableFeeds(which: FeedListName, pubkey: string | null) {
  const sync = swell().settings;
  const [defaults, featured] = await Promise.all([
    sync.defaultFeeds(which),
    loadFeaturedFeeds(swell().api, pubkey ?? undefined).catch(() => []),
  ]);
  const kind = which === 'home' ? 'notes' : 'reads';
  const extra: FeedDefinition[] = featured.flatMap((f) =>
    f.spec && f.kind === kind
      ? [{ name: f.name, spec: f.spec, description: f.about, enabled: true }]
      : [],
  );
  return { defaults, all: [...defaults, ...extra] };
}

/** Settings > Home feeds and Reads feeds: the user's list, what can be added, restore defaults. */
export function FeedListSettings({ which }: { which: FeedListName }) {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const snap = useSettings();
  const catalogue = useAsync(`feed-catalogue:${which}:${pubkey}`, () =>
    availableFeeds(which, pubkey),
  );
  const [restoring, setRestoring] = useState(false);
  const own = snap.feeds[which];
  const list = own ?? catalogue.data?.defaults ?? null;
  const change = (next: FeedDefinition[]) => swell().settings.setFeeds(which, next);
  const addable = list
    ? (catalogue.data?.all ?? []).filter(
        (f, i, all) =>
          !hasFeed(list, f.name) &&
          !list.some((x) => x.spec === f.spec) &&
          all.findIndex((y) => y.spec === f.spec) === i,
      )
    : [];
  const title = t(which === 'home' ? 'settings.homeFeeds' : 'settings.readsFeeds');
  return (
    <Screen title={title} back>
      <section className="settings-section" aria-labelledby="feeds-yours">
        <div className="settings-section-head">
          <h2 id="feeds-yours" className="settings-section-title">
            {t(`feedSettings.yours.${which}`)}
          </h2>
          <SyncStatus />
        </div>
        <p className="settings-section-intro">{t(`feedSettings.intro.${which}`)}</p>
        {list ? (
          list.length > 0 ? (
            <FeedListEditor which={which} list={list} onChange={change} />
          ) : (
            <p className="settings-empty">{t('feedSettings.emptyList')}</p>
          )
        ) : catalogue.error ? (
          <ErrorState title={t('feedSettings.loadFailed')} onRetry={catalogue.retry} />
        ) : (
          <LoadingRegion label={t('app.loading')}>
            <div className="feed-list-skeleton">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={56} />
              ))}
            </div>
          </LoadingRegion>
        )}
        {list && (
          <div className="form-actions">
            <Button
              variant="ghost"
              icon={<RotateCcw size={16} aria-hidden />}
              onClick={() => setRestoring(true)}
            >
              {t('feedSettings.restore')}
            </Button>
          </div>
        )}
      </section>
      {list && catalogue.data && addable.length === 0 && (
        <section className="settings-section" aria-labelledby="feeds-add">
          <h2 id="feeds-add" className="settings-section-title">
            {t('feedSettings.addTitle')}
          </h2>
          <p className="settings-section-intro">{t('feedSettings.allAdded')}</p>
        </section>
      )}
      {list && addable.length > 0 && (
        <section className="settings-section" aria-labelledby="feeds-add">
          <h2 id="feeds-add" className="settings-section-title">
            {t('feedSettings.addTitle')}
          </h2>
          <p className="settings-section-intro">{t('feedSettings.addIntro')}</p>
          <ul className="feed-list">
            {addable.map((feed) => (
              <li key={feed.spec} className="feed-setting feed-setting-add">
                <div className="feed-setting-main">
                  <span className="feed-setting-name">{feed.name}</span>
                  {feed.description && <span className="feed-desc">{feed.description}</span>}
                </div>
                <div className="feed-setting-tools">
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<ArrowUpToLine size={16} aria-hidden />}
                    aria-label={t('feedSettings.addTopLabel', { name: feed.name })}
                    onClick={() => change(addFeed(list, { ...feed, enabled: true }, 'top'))}
                  >
                    {t('feedSettings.addTop')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<ArrowDownToLine size={16} aria-hidden />}
                    aria-label={t('feedSettings.addBottomLabel', { name: feed.name })}
                    onClick={() => change(addFeed(list, { ...feed, enabled: true }, 'bottom'))}
                  >
                    {t('feedSettings.addBottom')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {restoring && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('feedSettings.restoreTitle')}
            body={t('feedSettings.restoreBody')}
            confirmLabel={t('feedSettings.restoreConfirm')}
            onConfirm={() => {
              void swell()
                .settings.restoreDefaultFeeds(which)
                .catch(() => notify.error(t('settingsSync.saveFailed')));
            }}
            onClose={() => setRestoring(false)}
          />
        </Suspense>
      )}
    </Screen>
  );
}
