import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import TrendingUp from 'lucide-react/icons/trending-up';
import { exploreTopicsModel } from '@swell/client';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { SidebarCard } from '@/features/sidebar/sidebar-card.tsx';
import { useAfterFirstContent } from '@/lib/first-content.ts';
import { shortNumber } from '@/lib/format.ts';
import { useModel } from '@/data/use-model.ts';

/** Today's hashtags (explore_topics), each opening a search: left out when there are none. */
export function SidebarTopics() {
  const { t } = useTranslation();
  const topics = useModel(exploreTopicsModel, useAfterFirstContent() ? undefined : null)?.state;
  const loading = !topics || (topics.data === undefined && topics.error === null);
  const list = topics?.data?.slice(0, 8) ?? [];
  if (!loading && list.length === 0) return null;
  return (
    <SidebarCard title={t('sidebarCards.topics')} icon={<TrendingUp size={18} />} busy={loading}>
      {loading ? (
        <Skeleton height={56} />
      ) : (
        <ul className="sidebar-topics">
          {list.map(({ topic, count }) => (
            <li key={topic}>
              <Link className="sidebar-topic" to={`/search/${encodeURIComponent(`#${topic}`)}`}>
                <span className="sidebar-topic-name">#{topic}</span>
                <span className="sidebar-topic-count">
                  {t('sidebarCards.topicNotes', { count, shown: shortNumber(count) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SidebarCard>
  );
}
