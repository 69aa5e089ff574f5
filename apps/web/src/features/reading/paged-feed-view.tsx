import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import Inbox from 'lucide-react/icons/inbox';
import type { PagedFeed } from '@swell/client';
import { NoteSkeleton } from '@/components/note/note-skeleton.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';
import { usePagedFeed } from '@/features/reading/use-paged-feed.ts';
import { useRetainedNotes } from '@/data/entity-store.ts';
import { FeedPosition } from '@/components/note/feed-position.ts';
import '@/features/feed/feed.css';

/**
 * A paged list of packages/client (`PagedFeed`), virtualised against the window so long lists
 * stay light; the next page loads when the end comes near. Each element is drawn by `render`.
 */
export function PagedFeedView({
  feed,
  label,
  render,
  estimateSize = 220,
  errorTitle,
  emptyTitle,
}: {
  feed: PagedFeed;
  label: string;
  render: (id: string) => ReactNode;
  estimateSize?: number;
  /** Shown when a page fails (default: the feed's load error). */
  errorTitle?: string;
  emptyTitle?: string;
}) {
  const { t } = useTranslation();
  const state = usePagedFeed(feed);
  useRetainedNotes(state.ids);
  const [margin, setMargin] = useState(0);
  const parentRef = useCallback((el: HTMLDivElement | null) => {
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: state.ids.length,
    estimateSize: () => estimateSize,
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (i) => state.ids[i] ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (state.error) return;
    if (state.ids.length === 0 || last >= state.ids.length - 4) void feed.loadMore();
  }, [last, state.ids.length, state.error, feed]);

  return (
    <div className="feed" aria-busy={state.loading} data-pages={state.pages}>
      <div
        ref={parentRef}
        role="feed"
        aria-label={label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            data-element-id={state.ids[item.index]}
            ref={virtualizer.measureElement}
            className="feed-row"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <FeedPosition.Provider value={item.index}>
              {render(state.ids[item.index]!)}
            </FeedPosition.Provider>
          </div>
        ))}
      </div>
      {state.loading && (
        <LoadingRegion label={state.ids.length ? t('feed.loadingMore') : t('feed.loading')}>
          {Array.from({ length: state.ids.length ? 1 : 3 }, (_, i) => (
            <NoteSkeleton key={i} lines={i % 2 ? 2 : 3} />
          ))}
        </LoadingRegion>
      )}
      {state.error && !state.loading && (
        <ErrorState
          compact={state.ids.length > 0}
          title={errorTitle ?? t('feed.loadFailed')}
          onRetry={() => void feed.loadMore()}
        />
      )}
      {!state.loading && !state.error && state.done && state.ids.length === 0 && (
        <EmptyState icon={<Inbox size={26} />} title={emptyTitle ?? t('feed.empty')} />
      )}
      {!state.loading && state.done && state.ids.length > 0 && (
        <p className="feed-end">{t('feed.end')}</p>
      )}
    </div>
  );
}
