import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Ellipsis from 'lucide-react/icons/ellipsis';
import type { SignedEvent } from '@swell/cache-protocol';
import { IconButton } from '@/components/ui/button.tsx';
import { useArmedTrigger } from '@/components/ui/menu.tsx';

const loadNoteMenu = () => import('@/features/note/note-menu-impl.tsx');
const NoteMenuImpl = lazy(loadNoteMenu);

/**
 * The "More actions" button of a note. Its menu (entries, their icons, the Radix menu) loads on
 * first use, so a feed of cards carries only the button.
 */
export function NoteMenu({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const trigger = (
    <IconButton
      className="note-menu-button"
      size="sm"
      label={t('ui.moreActions')}
      icon={<Ellipsis size={18} aria-hidden />}
    />
  );
  const [armed, plain] = useArmedTrigger(trigger, loadNoteMenu);
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <NoteMenuImpl event={event} trigger={trigger} openedWithKeyboard={armed === 'keyboard'} />
    </Suspense>
  );
}
