import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { swell } from '@/data/client.ts';
import { loginErrorKey } from '@/features/account/account.ts';
import { PinField } from '@/features/account/pin-field.tsx';

/**
 * Asks for the PIN before the recovery phrase shows, when the key is PIN-protected: the phrase
 * is as powerful as the ecash itself, so an unlocked tab left open is not enough to read it.
 * The PIN is checked by decrypting the stored key (the key itself is dropped at once).
 */
export function PhrasePinGate({
  onVerified,
  onClose,
}: {
  onVerified: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    try {
      await swell().session.revealSecret(pin);
      onVerified();
    } catch (err) {
      setError(loginErrorKey(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('wallet.phrasePinTitle')}
      description={t('wallet.phrasePinBody')}
      size="sm"
      onClose={onClose}
      footer={
        <DialogActions
          label={t('wallet.phrasePinSubmit')}
          busy={busy}
          onConfirm={() => void submit()}
          onCancel={onClose}
        />
      }
    >
      <form className="form" onSubmit={(e) => void submit(e)}>
        <PinField
          id={`${id}-pin`}
          label={t('wallet.phrasePin')}
          value={pin}
          onChange={setPin}
          error={error}
        />
      </form>
    </Dialog>
  );
}
