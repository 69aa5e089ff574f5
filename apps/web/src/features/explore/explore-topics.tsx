import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Hash from 'lucide-react/icons/hash';
import { exploreTopicsModel } from '@swell/client';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { useModel } from '@/data/use-model.ts';
import { shortNumber } from '@/lib/format.ts';

/** The topics tab: today's hashtags by how many notes use them, each opening a search. */
export function ExploreTopics() {
  const { t } = useTranslation();
  const { state: topics, model } = useModel(exploreTopicsModel, undefined)!;
  if (topics.loading && !topics.data)
    return (
      <LoadingRegion label={t('app.loading')}>
        <Skeleton height={32} />
        <Skeleton height={32} />
      </LoadingRegion>
    );
  if (topics.error && !topics.data)
    return <ErrorState title={t('explore.topicsFailed')} onRetry={() => void model.retry()} />;
  if (!topics.data?.length)
    return <EmptyState icon={<Hash size={26} />} title={t('explore.noTopics')} />;
  return (
    <ul className="explore-topics" aria-label={t('explore.tabs.topics')}>
      {topics.data.map(({ topic, count }) => (
        <li key={topic}>
          <Link className="explore-topic" to={`/search/${encodeURIComponent(`#${topic}`)}`}>
            <span className="explore-topic-name">#{topic}</span>
            <span className="explore-topic-count">
              {t('explore.topicNotes', { count, shown: shortNumber(count) })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
