import { useCallback, useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import Inbox from 'lucide-react/icons/inbox';
import { FeedItem } from '@/components/note/note-card.tsx';
import { NoteSkeleton } from '@/components/note/note-skeleton.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';
import type { PagedList } from '@/features/feed/paged-list.ts';
import { useStore } from '@/lib/external-store.ts';
import { useRetainedNotes } from '@/data/entity-store.ts';
import { FeedPosition } from '@/components/note/feed-position.ts';
import '@/features/feed/feed.css';

/**
 * A paged list of notes, virtualised against the window so long sessions stay light: only the
 * notes near the viewport are in the DOM. Loads the next page when the end comes near.
 */
export function FeedView({ list, label }: { list: PagedList; label: string }) {
  const { t } = useTranslation();
  const state = useStore(list.state);
  useRetainedNotes(state.ids);
  const navigationType = useNavigationType();
  const [margin, setMargin] = useState(0);
  // Back/forward to a list restores where the reader was; other visits start at the top.
  const [restoreTo] = useState(() => (navigationType === 'POP' ? list.scrollY : 0));
  const [restoreIndex] = useState(() => (navigationType === 'POP' ? list.anchorIndex : 0));
  const parentRef = useCallback((el: HTMLDivElement | null) => {
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  // The first notes render alone, in a shorter task, and show sooner; the rows beyond the screen
  // follow once that frame is painted.
  const hasNotes = state.ids.length > 0;
  const [warm, setWarm] = useState(false);
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
    estimateSize: () => 220,
    overscan: warm ? 6 : 1,
    scrollMargin: margin,
    getItemKey: (i) => state.ids[i] ?? i,
    initialMeasurementsCache: list.measurements<VirtualItem>(),
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
      list.keepScroll(window.scrollY, Number(first?.dataset.index ?? 0));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      list.keepMeasurements(virtualizer.measurementsCache);
    };
  }, [list, virtualizer, restoreIndex]);
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (state.ids.length === 0 || last >= state.ids.length - 6) void list.loadMore();
  }, [last, state.ids.length, list]);

  return (
    <div className="feed">
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
              <FeedItem id={state.ids[item.index]!} />
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
          title={t('feed.loadFailed')}
          onRetry={() => void list.loadMore()}
        />
      )}
      {!state.loading && !state.error && state.done && state.ids.length === 0 && (
        <EmptyState icon={<Inbox size={26} />} title={t('feed.empty')} body={t('feed.emptyBody')} />
      )}
      {!state.loading && state.done && state.ids.length > 0 && (
        <p className="feed-end">{t('feed.end')}</p>
      )}
    </div>
  );
}
