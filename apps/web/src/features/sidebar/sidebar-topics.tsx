import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import TrendingUp from 'lucide-react/icons/trending-up';
import { loadExploreTopics } from '@swell/client';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { api } from '@/data/connection.ts';
import { SidebarCard } from '@/features/sidebar/sidebar-card.tsx';
import { afterFirstContent } from '@/lib/first-content.ts';
import { shortNumber } from '@/lib/format.ts';
import { useAsync } from '@/lib/use-async.ts';

/** Today's hashtags (explore_topics), each opening a search: left out when there are none. */
export function SidebarTopics() {
  const { t } = useTranslation();
  const topics = useAsync('sidebar-topics', () =>
    afterFirstContent().then(() => loadExploreTopics(api())),
  );
  const list = topics.data?.slice(0, 8) ?? [];
  if (!topics.loading && list.length === 0) return null;
  return (
    <SidebarCard
      title={t('sidebarCards.topics')}
      icon={<TrendingUp size={18} />}
      busy={topics.loading}
    >
      {topics.loading ? (
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
