import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteStats } from '@swell/cache-protocol';
import { shortNumber } from '@/lib/format.ts';

const ReactionsModal = lazy(() => import('@/components/reactions/reactions-modal.tsx'));

/** Replies, likes, reposts and sats zapped; opens the read-only reactions modal. */
export function NoteStatsBar({ noteId, stats }: { noteId: string; stats: NoteStats | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const items = [
    ['replies', stats?.replies ?? 0, 'note.repliesCount'],
    ['likes', stats?.likes ?? 0, 'note.likesCount'],
    ['reposts', stats?.reposts ?? 0, 'note.repostsCount'],
    ['zaps', stats?.satszapped ?? 0, 'note.zapsCount'],
  ] as const;
  return (
    <footer className="note-stats">
      <ul aria-label={t('note.showReactions')}>
        {items.map(([key, count, label]) => (
          <li key={key} className={`stat stat-${key}`} title={t(label, { count })}>
            <span aria-hidden="true">{t(`note.${key}`)} </span>
            <span aria-hidden="true">{shortNumber(count)}</span>
            <span className="visually-hidden">{t(label, { count })}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('note.showReactions')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReactionsModal noteId={noteId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
