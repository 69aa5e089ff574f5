import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { loginErrorKey } from '@/features/account/account.ts';
import '@/components/ui/form.css';

/**
 * A PIN form (spec section 5: at least 4 characters, both entries equal): new PIN and its
 * repetition, and the current PIN when changing one. `onSubmit` throws the client's PIN errors,
 * shown under the form.
 */
export function PinForm({
  withCurrent,
  submitLabel,
  onSubmit,
  extraActions,
}: {
  withCurrent?: boolean;
  submitLabel: string;
  onSubmit: (pin: string, pinAgain: string, current: string) => Promise<void>;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if ([...pin].length < 4) return setError('login.pinTooShort');
    if (pin !== pinAgain) return setError('login.pinMismatch');
    setBusy(true);
    try {
      await onSubmit(pin, pinAgain, current);
      setCurrent('');
      setPin('');
      setPinAgain('');
    } catch (err) {
      setError(loginErrorKey(err));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: string, label: string, value: string, set: (v: string) => void) => (
    <>
      <label htmlFor={`${id}-${key}`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="input"
        type="password"
        autoComplete={key === 'current' ? 'current-password' : 'new-password'}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
    </>
  );
  return (
    <form className="form pin-form" onSubmit={(e) => void submit(e)}>
      {withCurrent && field('current', t('accountSettings.currentPin'), current, setCurrent)}
      {field('pin', withCurrent ? t('accountSettings.newPin') : t('login.pin'), pin, setPin)}
      {field('again', t('login.pinRepeat'), pinAgain, setPinAgain)}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {t(error)}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
