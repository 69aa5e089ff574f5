import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { SignedEvent } from '@swell/cache-protocol';
import { reportReasons, type ReportReason } from '@swell/client';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { userLabel, useUser } from '@/data/user.ts';
import { ChoiceGroup } from '@/features/lists/choice-group.tsx';
import { sendReport } from '@/features/lists/list-actions.ts';
import '@/components/ui/form.css';
import '@/features/lists/lists.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists } from '@/i18n/en/lists.ts';

addStrings({ lists });

/** Report a user with a NIP-56 reason and an optional comment (kind 1984 + `report_user`). */
export default function ReportDialog({
  pubkey,
  note,
  onClose,
}: {
  pubkey: string;
  note?: SignedEvent;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = userLabel(useUser(pubkey));
  const [reason, setReason] = useState<ReportReason>('spam');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const done = await sendReport({
      pubkey,
      reason,
      ...(note ? { noteId: note.id } : {}),
      ...(comment.trim() ? { comment } : {}),
    });
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog
      title={t('lists.reportTitle', { name })}
      description={t('lists.reportIntro')}
      size="sm"
      onClose={onClose}
      footer={
        <DialogActions
          label={t('lists.reportSend')}
          danger
          busy={busy}
          onCancel={onClose}
          onConfirm={() => void submit()}
        />
      }
    >
      <div className="lists-dialog-body">
        <ChoiceGroup
          legend={t('lists.reportReason')}
          name="report-reason"
          value={reason}
          onChange={setReason}
          options={reportReasons.map((r) => ({ value: r, label: t(`lists.reasons.${r}`) }))}
        />
        <label className="field-label" htmlFor="report-comment">
          {t('lists.reportComment')}
        </label>
        <textarea
          id="report-comment"
          className="input lists-textarea"
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
