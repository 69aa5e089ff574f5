import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigationType } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import Inbox from 'lucide-react/icons/inbox';
import type { FeedModel } from '@swell/client';
import { FeedItem } from '@/features/note/note-card.tsx';
import { NoteSkeleton } from '@/features/note/note-skeleton.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';
import { useSnapshot } from '@/data/use-model.ts';
import { FeedPosition } from '@/features/note/feed-position.ts';
import { markFirstContent } from '@/lib/first-content.ts';
import '@/features/feed/feed.css';

const noteItem = (id: string) => <FeedItem id={id} />;

/**
 * The one list view: a `FeedModel` (packages/client) virtualised against the window, so long
 * sessions stay light: only the rows near the viewport are in the DOM. The next page loads when
 * the end comes near; back navigation restores where the reader was (the model keeps the
 * position and the measured row sizes); each element is drawn by `render` (a note card by
 * default).
 */
export function FeedView({
  feed,
  label,
  render = noteItem,
  estimateSize = 220,
  errorTitle,
  emptyTitle,
  emptyBody,
}: {
  feed: FeedModel;
  label: string;
  render?: (id: string) => ReactNode;
  estimateSize?: number;
  /** Shown when a page fails (default: the feed's load error). */
  errorTitle?: string;
  emptyTitle?: string;
  emptyBody?: string;
}) {
  const { t } = useTranslation();
  const state = useSnapshot(feed);
  const navigationType = useNavigationType();
  const [margin, setMargin] = useState(0);
  // Back/forward to a list restores where the reader was; other visits start at the top.
  const [restoreTo] = useState(() => (navigationType === 'POP' ? feed.scroll.y : 0));
  const [restoreIndex] = useState(() => (navigationType === 'POP' ? feed.scroll.anchor : 0));
  const parentRef = useCallback((el: HTMLDivElement | null) => {
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  // The first notes render alone, in a shorter task, and show sooner; the rows beyond the screen
  // follow once that frame is painted.
  const hasNotes = state.ids.length > 0;
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (hasNotes) markFirstContent();
  }, [hasNotes]);
  useEffect(() => {
    if (!hasNotes || warm) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setWarm(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hasNotes, warm]);
  const virtualizer = useWindowVirtualizer({
    count: state.ids.length,
    estimateSize: () => estimateSize,
    overscan: warm ? 6 : 1,
    scrollMargin: margin,
    getItemKey: (i) => state.ids[i] ?? i,
    initialMeasurementsCache: feed.scroll.measurements as VirtualItem[],
    initialOffset: restoreTo,
  });
  useEffect(() => {
    if (restoreIndex > 0) {
      // Bring the row into the rendered range, then put it exactly at the top.
      virtualizer.scrollToIndex(restoreIndex, { align: 'start' });
      requestAnimationFrame(() =>
        document
          .querySelector(`.feed-row[data-index="${restoreIndex}"]`)
          ?.scrollIntoView({ block: 'start' }),
      );
    }
    // Scroll events arrive a frame late, so the next page's scroll-to-top is not recorded here.
    const path = window.location.pathname;
    const onScroll = () => {
      if (window.location.pathname !== path) return;
      const rows = document.querySelectorAll<HTMLElement>('.feed-row');
      const first = Array.from(rows).find((row) => row.getBoundingClientRect().bottom > 0);
      feed.scroll = {
        ...feed.scroll,
        y: window.scrollY,
        anchor: Number(first?.dataset.index ?? 0),
      };
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      feed.scroll = { ...feed.scroll, measurements: virtualizer.measurementsCache };
    };
  }, [feed, virtualizer, restoreIndex]);
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (state.error) return;
    if (state.ids.length === 0 || last >= state.ids.length - 6) void feed.loadMore();
  }, [last, state.ids.length, state.error, feed]);

  return (
    <div className="feed" data-pages={state.pages}>
      {/* WAI-ARIA feed pattern: the feed itself is busy while articles are added. */}
      <div
        ref={parentRef}
        role="feed"
        aria-label={label}
        aria-busy={state.loading}
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
          {Array.from({ length: state.ids.length ? 1 : 4 }, (_, i) => (
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
        <EmptyState
          icon={<Inbox size={26} />}
          title={emptyTitle ?? t('feed.empty')}
          body={emptyBody ?? (emptyTitle ? undefined : t('feed.emptyBody'))}
        />
      )}
      {!state.loading && state.done && state.ids.length > 0 && (
        <p className="feed-end">{t('feed.end')}</p>
      )}
    </div>
  );
}
