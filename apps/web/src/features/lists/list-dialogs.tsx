import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { closeListDialog, useListDialog } from '@/features/lists/list-dialog-store.ts';

const BookmarkConfirmDialog = lazy(() => import('@/features/lists/bookmark-confirm-dialog.tsx'));
const FollowConfirmDialog = lazy(() => import('@/features/lists/follow-confirm-dialog.tsx'));
const MuteDialog = lazy(() => import('@/features/lists/mute-dialog.tsx'));
const ReportDialog = lazy(() => import('@/features/lists/report-dialog.tsx'));

/** The dialogs of list actions (follow confirmation, bookmarks, mute, report), mounted once. */
export function ListDialogs() {
  const dialog = useListDialog();
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.type === 'follow-confirm' && (
        <FollowConfirmDialog dialog={dialog} onClose={closeListDialog} />
      )}
      {dialog.type === 'bookmark-confirm' && (
        <BookmarkConfirmDialog
          reason={dialog.reason}
          what={dialog.what}
          confirm={dialog.confirm}
          onClose={closeListDialog}
        />
      )}
      {dialog.type === 'mute' && (
        <MuteDialog pubkey={dialog.pubkey} note={dialog.note} onClose={closeListDialog} />
      )}
      {dialog.type === 'report' && (
        <ReportDialog pubkey={dialog.pubkey} note={dialog.note} onClose={closeListDialog} />
      )}
    </Suspense>
  );
}
