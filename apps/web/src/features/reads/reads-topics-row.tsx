import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useSession } from '@/data/session.ts';
import { readsSidebarFor } from '@/features/reads/reads-sidebar-data.ts';
import { useAsync } from '@/lib/use-async.ts';

/**
 * The reads topics as a row of chips (`/reads/:topic`), scrolling sideways with shades at the
 * edges that have more; `current` is marked. The sidebar shows them as a cloud instead.
 */
export function ReadsTopicsRow({
  current,
  className = 'reads-topics-row',
}: {
  current: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const data = useAsync(pubkey ?? 'guest', () => readsSidebarFor(pubkey));
  const topics = data.data?.topics ?? [];
  if (topics.length === 0) return null;
  return (
    <nav className={className} aria-label={t('reads.topics')}>
      <ul className={className === 'reads-topics-row' ? 'scroll-hint-x' : undefined}>
        {topics.map((topic) => (
          <li key={topic}>
            <Link
              className="reads-topic"
              to={`/reads/${encodeURIComponent(topic)}`}
              aria-current={current?.toLowerCase() === topic.toLowerCase() ? 'page' : undefined}
            >
              #{topic}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
