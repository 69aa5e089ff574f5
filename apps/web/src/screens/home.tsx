import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/screen.tsx';
import { useSession } from '@/data/session.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { homeFeedFor } from '@/features/home/home-instance.ts';
import { NewNotesPill } from '@/features/home/new-notes-pill.tsx';
import { useStore } from '@/lib/external-store.ts';

export function Component() {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const feed = useMemo(() => homeFeedFor(pubkey), [pubkey]);
  const state = useStore(feed.state);
  const selectId = 'home-feed-select';
  return (
    <Screen
      title={t('nav.home')}
      actions={
        state.feeds.length > 0 && (
          <div className="feed-select">
            <label htmlFor={selectId} className="visually-hidden">
              {t('feed.selectLabel')}
            </label>
            <select
              id={selectId}
              value={state.selected ?? ''}
              onChange={(e) => feed.select(e.target.value)}
            >
              {state.feeds.map((f) => (
                <option key={f.spec} value={f.spec}>
                  {f.name}
                </option>
              ))}
            </select>
          </div>
        )
      }
    >
      <NewNotesPill feed={feed} />
      {state.error && <p className="error-text">{t('app.error')}</p>}
      {state.list && <FeedView key={state.selected} list={state.list} label={t('nav.home')} />}
    </Screen>
  );
}
