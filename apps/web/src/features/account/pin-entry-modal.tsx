import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Lightbox } from '@/components/lightbox.tsx';
import { forgetPin, loginErrorKey, unlock } from '@/features/account/account.ts';

/** PIN entry on reload (a wrong PIN is refused), with the forgot-PIN path. */
export default function PinEntryModal() {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;

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
      <Lightbox label={t('login.forgotTitle')} onClose={() => setForgot(false)}>
        <h2>{t('login.forgotTitle')}</h2>
        <p>{t('login.forgotIntro')}</p>
        <div className="form-actions">
          <button type="button" className="primary" onClick={forgetPin}>
            {t('login.forgotConfirm')}
          </button>
          <button type="button" onClick={() => setForgot(false)}>
            {t('login.cancel')}
          </button>
        </div>
      </Lightbox>
    );

  return (
    <Lightbox label={t('login.unlockTitle')} onClose={() => setDismissed(true)}>
      <form onSubmit={(e) => void submit(e)} className="form">
        <h2>{t('login.unlockTitle')}</h2>
        <p>{t('login.unlockIntro')}</p>
        <label htmlFor="pin-entry">{t('login.pin')}</label>
        <input
          id="pin-entry"
          type="password"
          autoComplete="current-password"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
        {error && (
          <p role="alert" className="error-text">
            {t(error)}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {t('login.unlock')}
          </button>
          <button type="button" className="link-button" onClick={() => setForgot(true)}>
            {t('login.forgot')}
          </button>
        </div>
      </form>
    </Lightbox>
  );
}
