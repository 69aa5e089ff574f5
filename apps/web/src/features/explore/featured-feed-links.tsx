import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadFeaturedFeeds } from '@swell/client';
import { api } from '@/data/connection.ts';
import { useAsync } from '@/lib/use-async.ts';

/** The featured feeds of this server, as links to `/explore/feed/:id`. */
export function FeaturedFeedLinks({ pubkey }: { pubkey: string | null }) {
  const { t } = useTranslation();
  const feeds = useAsync(`featured:${pubkey}`, () => loadFeaturedFeeds(api(), pubkey ?? undefined));
  if (!feeds.data?.length) return null;
  return (
    <nav className="explore-featured" aria-label={t('explore.featuredFeeds')}>
      <ul>
        {feeds.data.map((f) => (
          <li key={f.id}>
            <Link className="explore-chip" to={`/explore/feed/${encodeURIComponent(f.id)}`}>
              {f.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
