import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { FeedItem } from '@/components/note/note-card.tsx';
import type { PagedList } from '@/features/feed/paged-list.ts';
import { useStore } from '@/lib/external-store.ts';

/**
 * A paged list of notes, virtualised against the window so long sessions stay light: only the
 * notes near the viewport are in the DOM. Loads the next page when the end comes near.
 */
export function FeedView({ list, label }: { list: PagedList; label: string }) {
  const { t } = useTranslation();
  const state = useStore(list.state);
  const [margin, setMargin] = useState(0);
  const parentRef = useCallback((el: HTMLDivElement | null) => {
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: state.ids.length,
    estimateSize: () => 220,
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (i) => state.ids[i] ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (state.ids.length === 0 || last >= state.ids.length - 6) void list.loadMore();
  }, [last, state.ids.length, list]);

  return (
    <div className="feed" aria-busy={state.loading}>
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
            <FeedItem id={state.ids[item.index]!} />
          </div>
        ))}
      </div>
      {state.loading && <p role="status">{t('feed.loadingMore')}</p>}
      {state.error && <p className="error-text">{t('app.error')}</p>}
      {!state.loading && state.done && state.ids.length === 0 && <p>{t('feed.empty')}</p>}
      {!state.loading && state.done && state.ids.length > 0 && (
        <p className="muted">{t('feed.end')}</p>
      )}
    </div>
  );
}
