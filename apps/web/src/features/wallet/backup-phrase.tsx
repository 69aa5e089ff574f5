import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';

/** The recovery phrase, numbered; with `confirm`, the user must tick the backup box to go on. */
export function BackupPhraseDialog({
  mnemonic,
  confirm,
  onClose,
}: {
  mnemonic: string;
  confirm?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [checked, setChecked] = useState(false);
  const words = mnemonic.split(' ');
  return (
    <Dialog
      title={t('wallet.backupTitle')}
      description={t('wallet.backupBody')}
      onClose={() => {
        if (!confirm || checked) onClose();
      }}
      footer={
        <Button variant="primary" disabled={confirm && !checked} onClick={onClose}>
          {confirm ? t('wallet.backupDone') : t('wallet.close')}
        </Button>
      }
    >
      <ol className="phrase-words" aria-label={t('wallet.phraseLabel')}>
        {words.map((w, i) => (
          <li key={i}>
            <span className="phrase-n" aria-hidden="true">
              {i + 1}
            </span>
            <span className="phrase-word">{w}</span>
          </li>
        ))}
      </ol>
      {confirm && (
        <label className="phrase-confirm" htmlFor={`${id}-ok`}>
          <input
            id={`${id}-ok`}
            type="checkbox"
            checked={checked}
            onChange={(e) => setChecked(e.target.checked)}
          />
          {t('wallet.backupConfirm')}
        </label>
      )}
    </Dialog>
  );
}
