import { Suspense, useState, type FormEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import KeyRound from 'lucide-react/icons/key-round';
import Puzzle from 'lucide-react/icons/puzzle';
import Smartphone from 'lucide-react/icons/smartphone';
import UserPlus from 'lucide-react/icons/user-plus';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import {
  checkNsec,
  loginErrorKey,
  looksLikeNcryptsec,
  openNcryptsec,
  signInWithExtension,
  signInWithNsec,
} from '@/features/account/account.ts';
import { leaveForNewAccount, loginClosed } from '@/features/account/start-flow.ts';
import { swell } from '@/data/client.ts';
import '@/components/ui/form.css';
import '@/features/account/login.css';

const RemoteSignerLogin = lazy(() => import('@/features/account/remote-signer-login.tsx'));

/**
 * Login: paste an nsec, then optionally protect it with a PIN; or use the extension or a remote
 * signer; or go to Create account (spec section 2 lists it beside Login).
 */
export default function LoginModal({ onClose: close }: { onClose: () => void }) {
  const { t } = useTranslation();
  // An action that asked for the sign-in (getting started) goes on if the user can sign now.
  const onClose = () => {
    close();
    loginClosed();
  };
  // Opened while signed in (the avatar menu's Add account), it adds an account (issue 34).
  const [adding] = useState(() => !!swell().session.pubkey);
  const [step, setStep] = useState<'nsec' | 'password' | 'pin' | 'remote'>('nsec');
  const [nsec, setNsec] = useState('');
  const [password, setPassword] = useState('');
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
    if (looksLikeNcryptsec(nsec)) {
      setError(null);
      setStep('password');
      return;
    }
    try {
      checkNsec(nsec);
      setError(null);
      setStep('pin');
    } catch (err) {
      setError(loginErrorKey(err));
    }
  };

  // NIP-49: the password opens the key here; nothing is stored until the PIN step signs in.
  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setNsec(await openNcryptsec(nsec, password));
      setPassword('');
      setStep('pin');
    } catch (err) {
      setError(loginErrorKey(err));
    } finally {
      setBusy(false);
    }
  };

  const submitPin = (e: FormEvent) => {
    e.preventDefault();
    void run(() => signInWithNsec(nsec, pin, pinAgain));
  };

  if (step === 'remote')
    return (
      <Suspense fallback={null}>
        <RemoteSignerLogin onBack={() => setStep('nsec')} onDone={onClose} />
      </Suspense>
    );

  if (step === 'password')
    return (
      <Dialog
        title={t('login.passwordTitle')}
        description={t('login.passwordIntro')}
        onClose={onClose}
        size="sm"
      >
        <form onSubmit={(e) => void submitPassword(e)} className="form">
          <label htmlFor="login-password" className="field-label">
            {t('login.password')}
          </label>
          <input
            id="login-password"
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-password-error' : undefined}
          />
          {error && (
            <p id="login-password-error" role="alert" className="field-error">
              {t(error)}
            </p>
          )}
          <div className="form-actions login-actions">
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setError(null);
                setStep('nsec');
              }}
            >
              {t('login.back')}
            </Button>
            <Button type="submit" variant="primary" disabled={busy || !password}>
              {busy ? t('login.passwordOpening') : t('login.passwordOpen')}
            </Button>
          </div>
        </form>
      </Dialog>
    );

  if (step === 'nsec')
    return (
      <Dialog
        title={adding ? t('login.addTitle') : t('login.title')}
        description={adding ? t('login.addIntro') : t('login.intro')}
        onClose={onClose}
        size="sm"
      >
        <form onSubmit={submitNsec} className="form">
          <label htmlFor="login-nsec" className="field-label">
            {t('login.nsec')}
          </label>
          <input
            id="login-nsec"
            className="input"
            type="password"
            autoComplete="off"
            placeholder="nsec1… / ncryptsec1…"
            value={nsec}
            onChange={(e) => setNsec(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : undefined}
          />
          {error && (
            <p id="login-error" role="alert" className="field-error">
              {t(error)}
            </p>
          )}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            block
            disabled={busy}
            icon={<KeyRound size={18} aria-hidden />}
          >
            {t('login.submit')}
          </Button>
          <p className="login-or" aria-hidden="true">
            <span>{t('login.or')}</span>
          </p>
          <Button
            size="lg"
            block
            disabled={busy}
            icon={<Puzzle size={18} aria-hidden />}
            onClick={() => void run(signInWithExtension)}
          >
            {t('login.extension')}
          </Button>
          <Button
            size="lg"
            block
            disabled={busy}
            icon={<Smartphone size={18} aria-hidden />}
            onClick={() => setStep('remote')}
          >
            {t('login.bunker')}
          </Button>
          {!adding && (
            <>
              <p className="login-or" aria-hidden="true">
                <span>{t('login.newHere')}</span>
              </p>
              <ButtonLink
                to="/new"
                size="lg"
                block
                variant="ghost"
                icon={<UserPlus size={18} aria-hidden />}
                onClick={() => {
                  leaveForNewAccount();
                  onClose();
                }}
              >
                {t('login.createAccount')}
              </ButtonLink>
            </>
          )}
        </form>
      </Dialog>
    );

  return (
    <Dialog
      title={t('login.pinTitle')}
      description={t('login.pinIntro')}
      onClose={onClose}
      size="sm"
    >
      <form onSubmit={submitPin} className="form">
        <label htmlFor="login-pin" className="field-label">
          {t('login.pin')}
        </label>
        <input
          id="login-pin"
          className="input"
          type="password"
          autoComplete="new-password"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
        <label htmlFor="login-pin-again" className="field-label">
          {t('login.pinRepeat')}
        </label>
        <input
          id="login-pin-again"
          className="input"
          type="password"
          autoComplete="new-password"
          value={pinAgain}
          onChange={(e) => setPinAgain(e.target.value)}
        />
        {error && (
          <p role="alert" className="field-error">
            {t(error)}
          </p>
        )}
        <div className="form-actions login-actions">
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => void run(() => signInWithNsec(nsec))}
          >
            {t('login.pinSkip')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('login.pinSave')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
