import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { NoteStats } from '@swell/cache-protocol';
import { shortNumber } from '@/lib/format.ts';

const ReactionsModal = lazy(() => import('@/features/reactions/reactions-modal.tsx'));

/**
 * Under a thread's focused note: its likes, reposts, zaps (how many) and sats zapped; each opens
 * the reactions list.
 */
export function NoteStatsSummary({
  noteId,
  stats,
}: {
  noteId: string;
  stats: NoteStats | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const items = [
    ['likes', stats?.likes ?? 0, 'note.likesCount'],
    ['reposts', stats?.reposts ?? 0, 'note.repostsCount'],
    ['zapCount', stats?.zaps ?? 0, 'note.zapCount'],
    ['zaps', stats?.satszapped ?? 0, 'note.zapsCount'],
  ] as const;
  return (
    <div className="note-summary">
      {items.map(([key, count, label]) => (
        <button key={key} type="button" className="note-summary-item" onClick={() => setOpen(true)}>
          <strong>{shortNumber(count)}</strong> <span>{t(`${label}Short`, { count })}</span>
        </button>
      ))}
      {open && (
        <Suspense fallback={null}>
          <ReactionsModal noteId={noteId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
