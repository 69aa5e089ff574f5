import { useTranslation } from '@/i18n/use-translation.ts';
import { nip19 } from '@swell/nostr';
import { Mention } from '@/features/note/mention.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import type { ComposerTarget } from '@/features/write/composer-store.ts';
import { Composer } from '@/features/write/composer/composer.tsx';
import { addStrings } from '@/i18n/add-strings.ts';
import { uploads } from '@/i18n/en/uploads.ts';

addStrings({ uploads });

/** The composer in a modal: a new note, a reply (the note answered shown above) or a quote. */
export default function ComposerModal({
  target,
  onClose,
}: {
  target: ComposerTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title =
    target.mode === 'reply'
      ? t('write.replyTitle')
      : target.mode === 'quote'
        ? t('write.quoteTitle')
        : t('write.newTitle');
  const note = target.mode === 'new' ? null : target.note;
  return (
    <Dialog title={title} onClose={onClose} size="md" className="composer-dialog">
      {note && target.mode === 'reply' && (
        <div className="composer-context" data-testid="composer-context">
          <Mention
            decoded={{ type: 'note', data: note.id }}
            bech32={nip19.encode({ type: 'note', data: note.id })}
          />
        </div>
      )}
      <Composer key={note?.id ?? 'root'} target={target} onPosted={onClose} autoFocus />
      {note && target.mode === 'quote' && (
        <div className="composer-context" data-testid="composer-context">
          <Mention
            decoded={{ type: 'note', data: note.id }}
            bech32={nip19.encode({ type: 'note', data: note.id })}
          />
        </div>
      )}
    </Dialog>
  );
}
