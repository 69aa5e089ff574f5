import { Navigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { contentSearchSource, feedModel, userSearchModel } from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { useModel } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { searchPath } from '@/features/search/search-navigation.ts';
import { UserRow } from '@/features/search/user-row.tsx';
import '@/features/search/search.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { search } from '@/i18n/en/search.ts';

addStrings({ search });

/** `/search/:query`: the people whose names match, then the notes containing the words. */
export function Component() {
  const { t } = useTranslation();
  const { query: raw = '' } = useParams();
  const query = raw.trim();
  const path = searchPath(query);
  const isText = path?.startsWith('/search/') ?? false;
  const found = useModel(userSearchModel, isText ? query : null);
  const users = found?.state;
  const notes = useModel(feedModel, isText ? contentSearchSource(query) : null)?.model;
  // A pasted npub/nprofile (or note id) in the address goes where the search box would go.
  if (path && !isText) return <Navigate to={path} replace />;
  if (!path) return <Navigate to="/asearch" replace />;
  return (
    <Screen title={t('search.resultsTitle', { query })} back>
      <section className="search-results-section" aria-labelledby="search-users">
        <h2 id="search-users" className="search-results-heading">
          {t('search.users')}
        </h2>
        {users?.loading && users.data === undefined && (
          <LoadingRegion label={t('app.loading')}>
            <Skeleton height={40} />
          </LoadingRegion>
        )}
        {users?.error && users.data === undefined && (
          <ErrorState compact title={t('search.error')} onRetry={() => void found?.model.retry()} />
        )}
        {users?.data && users.data.length === 0 && (
          <p className="search-empty">{t('search.noUsers')}</p>
        )}
        {users?.data && users.data.length > 0 && (
          <ul className="search-user-list" aria-label={t('search.users')}>
            {users.data.map((pk) => (
              <li key={pk}>
                <UserRow pubkey={pk} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="search-notes">
        <h2 id="search-notes" className="search-results-heading">
          {t('search.notes')}
        </h2>
        {notes && (
          <FeedView
            key={query}
            feed={notes}
            label={t('search.notes')}
            errorTitle={t('search.error')}
            emptyTitle={t('search.noNotes')}
          />
        )}
      </section>
    </Screen>
  );
}
