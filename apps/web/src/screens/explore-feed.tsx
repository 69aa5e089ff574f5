import { useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Rss from 'lucide-react/icons/rss';
import { featuredFeedModel, feedModel, megaFeedSource, readsSource } from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { useModel } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import '@/features/explore/explore.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { explore } from '@/i18n/en/explore.ts';

addStrings({ explore });

/** `/explore/feed/:id`: one featured feed (its name, description and notes or reads). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { state: info, model } = useModel(featuredFeedModel, id)!;
  const spec = info.data?.spec ?? null;
  const source = spec
    ? info.data?.kind === 'reads'
      ? readsSource(spec)
      : megaFeedSource(spec)
    : null;
  const feed = useModel(feedModel, source)?.model;
  return (
    <Screen title={info.data?.name ?? t('explore.feed')} back>
      {info.loading && info.data === undefined && (
        <LoadingRegion label={t('app.loading')}>
          <Skeleton height={48} />
        </LoadingRegion>
      )}
      {info.error && info.data === undefined && (
        <ErrorState title={t('explore.feedFailed')} onRetry={() => void model.retry()} />
      )}
      {info.data === null && (
        <EmptyState icon={<Rss size={26} />} title={t('explore.feedNotFound')} />
      )}
      {info.data?.about && <p className="explore-note">{info.data.about}</p>}
      {info.data && !spec && (
        <EmptyState icon={<Rss size={26} />} title={t('explore.feedFailed')} />
      )}
      {feed && <FeedView feed={feed} label={info.data?.name ?? t('explore.feed')} />}
    </Screen>
  );
}
