import { useTranslation } from '@/i18n/use-translation.ts';
import type { BookmarkConfirmation, ListOutcome } from '@swell/client';
import ConfirmDialog from '@/components/ui/confirm-dialog.tsx';
import { confirmBookmark } from '@/features/lists/list-actions.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists } from '@/i18n/en/lists.ts';

addStrings({ lists });

/** Spec section 4: the first public bookmark and the removal of the last one ask first. */
export default function BookmarkConfirmDialog({
  reason,
  what,
  confirm,
  onClose,
}: {
  reason: BookmarkConfirmation['reason'];
  what: 'note' | 'article';
  confirm(): Promise<ListOutcome<BookmarkConfirmation>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const first = reason === 'first-bookmark';
  return (
    <ConfirmDialog
      title={t(first ? 'lists.firstBookmarkTitle' : 'lists.lastBookmarkTitle')}
      body={t(first ? 'lists.firstBookmarkBody' : 'lists.lastBookmarkBody', {
        context: what === 'article' ? 'article' : undefined,
      })}
      confirmLabel={t(first ? 'lists.firstBookmarkConfirm' : 'lists.lastBookmarkConfirm')}
      danger={!first}
      onConfirm={() => void confirmBookmark(reason, what, confirm)}
      onClose={onClose}
    />
  );
}
