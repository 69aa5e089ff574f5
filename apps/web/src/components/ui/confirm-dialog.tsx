import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';

/** A yes/no question in a dialog (replaces window.confirm). */
export default function ConfirmDialog({
  title,
  body,
  confirmLabel,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  body?: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={title}
      description={body}
      size="sm"
      onClose={onClose}
      footer={
        <DialogActions
          label={confirmLabel}
          danger={danger}
          onCancel={onClose}
          onConfirm={() => {
            onConfirm();
            onClose();
          }}
        />
      }
    />
  );
}
