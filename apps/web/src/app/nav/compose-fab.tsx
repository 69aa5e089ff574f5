import { useTranslation } from '@/i18n/use-translation.ts';
import Plus from 'lucide-react/icons/plus';
import { useNoteActions } from '@/features/note-actions/index.ts';

/** The phone's "new note" button, floating above the bottom bar. */
export function ComposeFab() {
  const { t } = useTranslation();
  const actions = useNoteActions();
  return (
    <button
      type="button"
      className="compose-fab"
      aria-label={t('nav.newNote')}
      onClick={actions.compose}
    >
      <Plus size={26} aria-hidden />
    </button>
  );
}
