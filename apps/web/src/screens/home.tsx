import { useEffect, useMemo } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Screen } from '@/components/screen.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useSession } from '@/data/session.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { homeFeedFor } from '@/features/home/home-instance.ts';
import { NewNotesPill } from '@/features/home/new-notes-pill.tsx';
import { useOwnPendingNotes } from '@/features/write/use-outbox-item.ts';
import { useStore } from '@/lib/external-store.ts';

export function Component() {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const feed = useMemo(() => homeFeedFor(pubkey), [pubkey]);
  const state = useStore(feed.state);
  // The user's own new notes (sending, failed or just sent) go to the top of the list.
  const own = useOwnPendingNotes(pubkey);
  useEffect(() => {
    if (own.length > 0) state.list?.prepend(own);
  }, [own, state.list]);
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
            onChange={(spec) => feed.select(spec)}
          />
        )
      }
    >
      <NewNotesPill feed={feed} />
      {state.error && (
        <ErrorState title={t('feed.feedsFailed')} onRetry={() => void feed.start()} />
      )}
      {state.list && (
        <FeedView
          key={`${state.selected}#${state.opened}`}
          list={state.list}
          label={t('nav.home')}
        />
      )}
    </Screen>
  );
}
