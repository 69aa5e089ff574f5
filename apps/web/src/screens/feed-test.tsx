import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import FileQuestion from 'lucide-react/icons/file-question';
import { parseFeedSpec } from '@swell/cache-protocol';
import { feedModel, megaFeedSource, readsSource } from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useModel } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import '@/features/feeds/feeds.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { feeds } from '@/i18n/en/feeds.ts';

addStrings({ feeds });

/** `/feeds/:query`: one feed by its spec (`mega_feed_directive`), paged, with the spec shown. */
export function Component() {
  const { t } = useTranslation();
  const { query = '' } = useParams();
  const spec = query.trim();
  const parsed = useMemo(() => parseFeedSpec(spec), [spec]);
  const reads = (parsed as { kind?: string } | null)?.kind === 'reads';
  const source = parsed ? (reads ? readsSource(spec) : megaFeedSource(spec)) : null;
  const feed = useModel(feedModel, source)?.model;
  return (
    <Screen title={t('feeds.title')} back>
      <dl className="feeds-spec">
        <dt>{t('feeds.spec')}</dt>
        <dd>
          <code>{spec}</code>
        </dd>
      </dl>
      {!feed && <EmptyState icon={<FileQuestion size={26} />} title={t('feeds.invalid')} />}
      {feed && <FeedView feed={feed} label={t('feeds.results')} />}
    </Screen>
  );
}
