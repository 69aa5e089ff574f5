import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { TFunction } from '@/i18n/translator.ts';
import ArrowUp from 'lucide-react/icons/arrow-up';
import type { HomeFeed } from '@/features/home/home-feed.ts';
import { useStore } from '@/lib/external-store.ts';
import '@/features/home/new-notes-pill.css';

/** Label of the pill; counts above 99 show as 99+. */
export function newNotesLabel(count: number, t: TFunction): string {
  return count > 99 ? t('feed.newNotesMany') : t('feed.newNotes', { count });
}

/** Looks for newer notes (live, and periodically) and offers them in a pill; clicking prepends them. */
export function NewNotesPill({ feed }: { feed: HomeFeed }) {
  const { t } = useTranslation();
  const { future, selected } = useStore(feed.state);
  useEffect(() => feed.watchNew(), [feed, selected]);
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
