import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { featuredFeedsModel } from '@swell/client';
import { useModel } from '@/data/use-model.ts';

/** The featured feeds of this server, as links to `/explore/feed/:id`. */
export function FeaturedFeedLinks() {
  const { t } = useTranslation();
  const feeds = useModel(featuredFeedsModel, undefined)!.state;
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
