import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Rss from 'lucide-react/icons/rss';
import { loadFeaturedFeed, PagedFeed, readsPageSize } from '@swell/client';
import { FeedItem } from '@/components/note/note-card.tsx';
import { Screen } from '@/components/screen.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { useSession } from '@/data/session.ts';
import { PagedFeedView } from '@/features/reading/paged-feed-view.tsx';
import { readingContext } from '@/features/reading/reading-context.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/features/explore/explore.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { explore } from '@/i18n/en/explore.ts';

addStrings({ explore });

/** `/explore/feed/:id`: one featured feed (its name, description and notes or reads). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { pubkey } = useSession();
  const ctx = useMemo(() => readingContext(pubkey), [pubkey]);
  const info = useAsync(`${id}:${pubkey}`, () => loadFeaturedFeed(ctx.api, id, ctx.userPubkey));
  const spec = info.data?.spec ?? null;
  const reads = info.data?.kind === 'reads';
  const feed = useMemo(
    () =>
      spec
        ? new PagedFeed(
            (paging, signal) =>
              ctx.ingest(() =>
                ctx.api.megaFeed(
                  spec,
                  {
                    limit: readsPageSize,
                    ...paging,
                    ...(ctx.userPubkey ? { user_pubkey: ctx.userPubkey } : {}),
                  },
                  { signal },
                ),
              ),
            reads ? { defaultOrderBy: 'published_at' } : {},
          )
        : null,
    [ctx, spec, reads],
  );
  useEffect(() => () => feed?.dispose(), [feed]);
  return (
    <Screen title={info.data?.name ?? t('explore.feed')} back>
      {info.loading && (
        <LoadingRegion label={t('app.loading')}>
          <Skeleton height={48} />
        </LoadingRegion>
      )}
      {info.error !== undefined && (
        <ErrorState title={t('explore.feedFailed')} onRetry={info.retry} />
      )}
      {info.data === null && (
        <EmptyState icon={<Rss size={26} />} title={t('explore.feedNotFound')} />
      )}
      {info.data?.about && <p className="explore-note">{info.data.about}</p>}
      {info.data && !spec && (
        <EmptyState icon={<Rss size={26} />} title={t('explore.feedFailed')} />
      )}
      {feed && (
        <PagedFeedView
          feed={feed}
          label={info.data?.name ?? t('explore.feed')}
          render={(eid) => <FeedItem id={eid} />}
        />
      )}
    </Screen>
  );
}
