import { Suspense, useEffect } from 'react';
import { homeModel, type HomeFeedModel } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import { setNavBadge } from '@/features/nav/nav-badges.ts';
import { Screen } from '@/components/screen.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useSession } from '@/data/session.ts';
import { useModel, useSnapshot } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { useOwnPendingNotes } from '@/features/write/use-outbox-item.ts';
import { lazy } from '@/lib/lazy.ts';

const NewNotesPill = lazy(() => import('@/features/home/new-notes-pill.tsx'));

export function Component() {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const { state, model: home } = useModel(homeModel, undefined)!;
  useOwnNotesOnTop(state.feed, pubkey);
  return (
    <Screen
      title={t('nav.home')}
      actions={
        state.feeds.length > 0 && (
          <Select
            label={t('feed.selectLabel')}
            className="feed-select"
            value={state.selected}
            options={state.feeds.map((f) => ({ value: f.spec, label: f.name }))}
            onChange={(spec) => home.select(spec)}
          />
        )
      }
    >
      {state.feed && <NewNotes feed={state.feed} />}
      {state.error && (
        <ErrorState title={t('feed.feedsFailed')} onRetry={() => void home.start()} />
      )}
      {state.feed && (
        <FeedView
          key={`${state.selected}#${state.opened}`}
          feed={state.feed}
          label={t('nav.home')}
        />
      )}
    </Screen>
  );
}

/** The user's own new notes (sending, failed or just sent) go to the top of the list. */
function useOwnNotesOnTop(feed: HomeFeedModel | null, pubkey: string | null): void {
  const own = useOwnPendingNotes(pubkey);
  useEffect(() => {
    if (own.length > 0) feed?.prepend(own);
  }, [own, feed]);
}

/** The newer notes waiting: the pill, and the count on the navigation's Home badge. */
function NewNotes({ feed }: { feed: HomeFeedModel }) {
  const waiting = useSnapshot(feed).future.length;
  useEffect(() => setNavBadge('newNotes', waiting), [waiting]);
  return waiting > 0 ? (
    <Suspense fallback={null}>
      <NewNotesPill feed={feed} />
    </Suspense>
  ) : null;
}
