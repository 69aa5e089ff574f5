import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Lightbox } from '@/components/lightbox.tsx';
import {
  checkNsec,
  loginErrorKey,
  signInWithExtension,
  signInWithNsec,
} from '@/features/account/account.ts';

/** Login: paste an nsec, then optionally protect it with a PIN; or use the extension. */
export default function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'nsec' | 'pin'>('nsec');
  const [nsec, setNsec] = useState('');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onClose();
    } catch (e) {
      setError(loginErrorKey(e));
    } finally {
      setBusy(false);
    }
  };

  const submitNsec = (e: FormEvent) => {
    e.preventDefault();
    try {
      checkNsec(nsec);
      setError(null);
      setStep('pin');
    } catch (err) {
      setError(loginErrorKey(err));
    }
  };

  const submitPin = (e: FormEvent) => {
    e.preventDefault();
    void run(() => signInWithNsec(nsec, pin, pinAgain));
  };

  return (
    <Lightbox label={step === 'nsec' ? t('login.title') : t('login.pinTitle')} onClose={onClose}>
      {step === 'nsec' ? (
        <form onSubmit={submitNsec} className="form">
          <h2>{t('login.title')}</h2>
          <p>{t('login.intro')}</p>
          <label htmlFor="login-nsec">{t('login.nsec')}</label>
          <input
            id="login-nsec"
            type="password"
            autoComplete="off"
            value={nsec}
            onChange={(e) => setNsec(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : undefined}
          />
          {error && (
            <p id="login-error" role="alert" className="error-text">
              {t(error)}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={busy}>
              {t('login.submit')}
            </button>
            <button type="button" disabled={busy} onClick={() => void run(signInWithExtension)}>
              {t('login.extension')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitPin} className="form">
          <h2>{t('login.pinTitle')}</h2>
          <p>{t('login.pinIntro')}</p>
          <label htmlFor="login-pin">{t('login.pin')}</label>
          <input
            id="login-pin"
            type="password"
            autoComplete="new-password"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
          />
          <label htmlFor="login-pin-again">{t('login.pinRepeat')}</label>
          <input
            id="login-pin-again"
            type="password"
            autoComplete="new-password"
            value={pinAgain}
            onChange={(e) => setPinAgain(e.target.value)}
          />
          {error && (
            <p role="alert" className="error-text">
              {t(error)}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={busy}>
              {t('login.pinSave')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(() => signInWithNsec(nsec))}
            >
              {t('login.pinSkip')}
            </button>
          </div>
        </form>
      )}
    </Lightbox>
  );
}
