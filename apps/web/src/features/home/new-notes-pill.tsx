import { useTranslation } from '@/i18n/use-translation.ts';
import type { TFunction } from '@/i18n/translator.ts';
import ArrowUp from 'lucide-react/icons/arrow-up';
import type { HomeFeedModel } from '@swell/client';
import { useSnapshot } from '@/data/use-model.ts';
import '@/features/home/new-notes-pill.css';

/** Label of the pill; counts above 99 show as 99+. */
export function newNotesLabel(count: number, t: TFunction): string {
  return count > 99 ? t('feed.newNotesMany') : t('feed.newNotes', { count });
}

/**
 * Offers the newer notes a list found (Home's model looks for them while Home is shown);
 * clicking puts them at the top. Loaded when there are some (it is not part of the first load).
 */
export default function NewNotesPill({ feed }: { feed: HomeFeedModel }) {
  const { t } = useTranslation();
  const { future } = useSnapshot(feed);
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
