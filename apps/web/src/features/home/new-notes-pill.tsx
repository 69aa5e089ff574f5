import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { TFunction } from '@/i18n/translator.ts';
import ArrowUp from 'lucide-react/icons/arrow-up';
import type { HomeFeed } from '@/features/home/home-feed.ts';
import { useStore } from '@/lib/external-store.ts';
import '@/features/home/new-notes-pill.css';

/** Random poll delay of the new-notes check: 25 to 35 s. */
export function pollDelay(random = Math.random): number {
  return 25_000 + Math.floor(random() * 10_000);
}

/** Label of the pill; counts above 99 show as 99+. */
export function newNotesLabel(count: number, t: TFunction): string {
  return count > 99 ? t('feed.newNotesMany') : t('feed.newNotes', { count });
}

/** Polls for newer notes and offers them in a pill; clicking prepends them. */
export function NewNotesPill({ feed }: { feed: HomeFeed }) {
  const { t } = useTranslation();
  const { future, selected } = useStore(feed.state);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      timer = setTimeout(() => {
        feed
          .checkNew()
          .catch(() => {})
          .finally(tick);
      }, pollDelay());
    };
    tick();
    return () => clearTimeout(timer);
  }, [feed, selected]);
  if (future.length === 0) return null;
  return (
    <div className="new-notes-anchor">
      <button
        type="button"
        className="new-notes-pill"
        onClick={() => {
          feed.showFuture();
          window.scrollTo({ top: 0 });
        }}
      >
        <ArrowUp size={16} aria-hidden />
        {newNotesLabel(future.length, t)}
      </button>
    </div>
  );
}
