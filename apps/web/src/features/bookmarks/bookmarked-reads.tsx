import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import BookOpen from 'lucide-react/icons/book-open';
import { parseCoordinate } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { ArticleCard } from '@/features/note/article-card.tsx';
import { NoteSkeleton } from '@/features/note/note-skeleton.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';
import { fetchPage } from '@/data/connection.ts';
import { useAsync } from '@/lib/use-async.ts';

/** Articles per page (spec section 9: articles 10). */
const pageSize = 10;

const coordinateOf = (e: SignedEvent) =>
  `${e.kind}:${e.pubkey}:${e.tags.find((t) => t[0] === 'd')?.[1] ?? ''}`;

/** One page of bookmarked articles, in bookmark order (those this server has). */
function ReadsPage({
  coordinates,
  userPubkey,
  last,
  onMore,
}: {
  coordinates: readonly string[];
  userPubkey: string;
  /** Whether "Show more" goes under this page. */
  last: boolean;
  onMore?: () => void;
}) {
  const { t } = useTranslation();
  const key = JSON.stringify(coordinates);
  const page = useAsync(key, (signal) => {
    const events = coordinates
      .map((c) => parseCoordinate(c))
      .filter((p) => p !== undefined)
      .map((p) => ({ pubkey: p.pubkey, kind: p.kind, identifier: p.identifier }));
    return fetchPage(
      'parametrized_replaceable_events',
      { events, extended_response: true, user_pubkey: userPubkey },
      signal,
    );
  });
  if (page.loading) {
    return (
      <LoadingRegion label={t('lists.loading')}>
        <NoteSkeleton lines={3} />
        <NoteSkeleton lines={2} />
      </LoadingRegion>
    );
  }
  if (page.error !== undefined) {
    return <ErrorState compact title={t('feed.loadFailed')} onRetry={page.retry} />;
  }
  const found = new Map((page.data?.notes ?? []).map((e) => [coordinateOf(e), e]));
  const events = coordinates.map((c) => found.get(c)).filter((e) => e !== undefined);
  return (
    <>
      {events.map((e) => (
        <ArticleCard key={e.id} event={e} />
      ))}
      {last && onMore && (
        <div className="bookmarks-more">
          <Button onClick={onMore}>{t('lists.loadMore')}</Button>
        </div>
      )}
    </>
  );
}

/**
 * The bookmarked articles (`a` entries of the bookmark list, newest bookmark first), fetched ten
 * at a time with `parametrized_replaceable_events`; "Show more" adds the next ten.
 */
export function BookmarkedReads({
  coordinates,
  userPubkey,
}: {
  coordinates: readonly string[];
  userPubkey: string;
}) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  if (coordinates.length === 0) {
    return (
      <EmptyState
        icon={<BookOpen size={26} />}
        title={t('lists.bookmarksReadsEmpty')}
        body={t('lists.bookmarksReadsEmptyBody')}
      />
    );
  }
  const total = Math.min(pages, Math.ceil(coordinates.length / pageSize));
  return (
    <section className="feed" aria-label={t('lists.bookmarksReads')}>
      {Array.from({ length: total }, (_, i) => (
        <ReadsPage
          key={i}
          coordinates={coordinates.slice(i * pageSize, (i + 1) * pageSize)}
          userPubkey={userPubkey}
          last={i === total - 1}
          {...((i + 1) * pageSize < coordinates.length
            ? { onMore: () => setPages(pages + 1) }
            : {})}
        />
      ))}
    </section>
  );
}
