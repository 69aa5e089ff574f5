import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { closeComposer, useComposer } from '@/features/write/composer-store.ts';
import { closeDelete, useDeleteTarget } from '@/features/write/delete-store.ts';
import { confirmDelete } from '@/features/write/write-handlers.ts';

const ComposerModal = lazy(() => import('@/features/write/composer/composer-modal.tsx'));
const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

/** The composer modal and the delete confirmation, mounted once; their code loads on first use. */
export function WriteDialogs() {
  const { t } = useTranslation();
  const composer = useComposer();
  const deleting = useDeleteTarget();
  return (
    <Suspense fallback={null}>
      {composer && <ComposerModal target={composer} onClose={closeComposer} />}
      {deleting && (
        <ConfirmDialog
          title={t('write.deleteTitle')}
          body={t('write.deleteBody')}
          confirmLabel={t('write.deleteConfirm')}
          danger
          onConfirm={() => confirmDelete(deleting)}
          onClose={closeDelete}
        />
      )}
    </Suspense>
  );
}
