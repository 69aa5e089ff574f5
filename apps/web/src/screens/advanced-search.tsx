import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import {
  advancedSearchSource,
  feedModel,
  hasSearchTerms,
  isReadsQuery,
  parseAdvancedSearch,
} from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { useModel } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
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
  const initial = useMemo(() => parseAdvancedSearch(query), [query]);
  const searched = hasSearchTerms(query);
  const feed = useModel(feedModel, searched ? advancedSearchSource(query) : null)?.model;
  const reads = isReadsQuery(query);
  return (
    <Screen title={t('search.builder.title')} back>
      <AdvancedSearchForm
        key={query}
        initial={initial}
        onSearch={(q) => void navigate(`/asearch/${encodeURIComponent(q)}`)}
      />
      {feed && (
        <section aria-labelledby="asearch-results">
          <h2 id="asearch-results" className="search-results-heading">
            {reads ? t('search.reads') : t('search.notes')}
          </h2>
          <FeedView
            key={query}
            feed={feed}
            label={reads ? t('search.reads') : t('search.notes')}
            errorTitle={t('search.error')}
            emptyTitle={reads ? t('search.noReads') : t('search.noNotes')}
          />
        </section>
      )}
    </Screen>
  );
}
