import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { advancedSearch, hasSearchTerms, parseAdvancedSearch } from '@swell/client';
import { FeedItem } from '@/components/note/note-card.tsx';
import { Screen } from '@/components/screen.tsx';
import { useSession } from '@/data/session.ts';
import { PagedFeedView } from '@/features/reading/paged-feed-view.tsx';
import { readingContext } from '@/features/reading/reading-context.ts';
import { AdvancedSearchForm } from '@/features/search/advanced-search-form.tsx';
import '@/features/search/search.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { search } from '@/i18n/en/search.ts';

addStrings({ search });

/**
 * `/asearch` and `/asearch/:query`: the builder, filled from the query in the address, and its
 * results (reads when the query holds `kind:30023`, notes otherwise).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query: raw = '' } = useParams();
  const query = raw.trim();
  const { pubkey } = useSession();
  const initial = useMemo(() => parseAdvancedSearch(query), [query]);
  const results = useMemo(
    () => (hasSearchTerms(query) ? advancedSearch(readingContext(pubkey), query) : null),
    [pubkey, query],
  );
  useEffect(() => () => results?.feed.dispose(), [results]);
  return (
    <Screen title={t('search.builder.title')} back>
      <AdvancedSearchForm
        key={query}
        initial={initial}
        onSearch={(q) => void navigate(`/asearch/${encodeURIComponent(q)}`)}
      />
      {results && (
        <section aria-labelledby="asearch-results">
          <h2 id="asearch-results" className="search-results-heading">
            {results.kind === 'reads' ? t('search.reads') : t('search.notes')}
          </h2>
          <PagedFeedView
            key={query}
            feed={results.feed}
            label={results.kind === 'reads' ? t('search.reads') : t('search.notes')}
            errorTitle={t('search.error')}
            emptyTitle={results.kind === 'reads' ? t('search.noReads') : t('search.noNotes')}
            render={(id) => <FeedItem id={id} />}
          />
        </section>
      )}
    </Screen>
  );
}
