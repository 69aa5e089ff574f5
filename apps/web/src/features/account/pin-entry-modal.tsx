import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { forgetPin, loginErrorKey, unlock } from '@/features/account/account.ts';
import { PinField } from '@/features/account/pin-field.tsx';
import '@/components/ui/form.css';
import '@/features/account/login.css';

/**
 * PIN entry on reload (a wrong PIN is refused), with the forgot-PIN path. Closing it leaves the
 * session locked (account-area.tsx shows Unlock), never a guest's.
 */
export default function PinEntryModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await unlock(pin);
    } catch (err) {
      setError(loginErrorKey(err));
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  if (forgot)
    return (
      <Dialog
        title={t('login.forgotTitle')}
        description={t('login.forgotIntro')}
        onClose={() => setForgot(false)}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setForgot(false)}>
              {t('login.cancel')}
            </Button>
            <Button variant="danger" onClick={forgetPin}>
              {t('login.forgotConfirm')}
            </Button>
          </>
        }
      />
    );

  return (
    <Dialog
      title={t('login.unlockTitle')}
      description={t('login.unlockIntro')}
      onClose={onClose}
      size="sm"
    >
      <form onSubmit={(e) => void submit(e)} className="form">
        <PinField
          id="pin-entry"
          label={t('login.pin')}
          value={pin}
          onChange={setPin}
          error={error}
        />
        <div className="form-actions login-actions">
          <Button variant="ghost" onClick={() => setForgot(true)}>
            {t('login.forgot')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('login.unlock')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
