import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import EyeOff from 'lucide-react/icons/eye-off';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import { Button } from '@/components/ui/button.tsx';
import { swell } from '@/data/client.ts';
import { loginErrorKey } from '@/features/account/account.ts';
import { CopyField } from '@/features/settings/copy-field.tsx';
import { passwordStrength, strengthLabels } from '@/lib/password-strength.ts';
import '@/components/ui/form.css';

/**
 * Settings > Account: the key kept on this device sealed as a NIP-49 `ncryptsec` under a password
 * typed twice (its strength shown as it is typed), and the PIN when one protects the key. Other
 * clients (Jumble, noStrudel, Amethyst, ...) open it with the same password.
 */
export function NcryptsecExport({ withPin }: { withPin: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sealed, setSealed] = useState<string | null>(null);
  const strength = passwordStrength(password);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSealed(await swell().session.exportNcryptsec(password, again, withPin ? pin : undefined));
      setPassword('');
      setAgain('');
      setPin('');
    } catch (err) {
      setError(loginErrorKey(err));
    } finally {
      setBusy(false);
    }
  };

  if (sealed)
    return (
      <>
        <CopyField label={t('accountSettings.ncryptsec')} value={sealed} />
        <div className="form-actions">
          <Button icon={<EyeOff size={16} aria-hidden />} onClick={() => setSealed(null)}>
            {t('accountSettings.hide')}
          </Button>
        </div>
      </>
    );

  const described = [`${id}-strength`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="form pin-form ncryptsec-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-password`} className="field-label">
        {t('accountSettings.exportPassword')}
      </label>
      <input
        id={`${id}-password`}
        className="input"
        type="password"
        autoComplete="new-password"
        value={password}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="password-strength" data-strength={strength}>
        <span className="password-strength-bar" aria-hidden="true">
          {[1, 2, 3, 4].map((n) => (
            <span key={n} data-on={strength >= n || undefined} />
          ))}
        </span>
        <span id={`${id}-strength`} className="password-strength-text">
          {t('accountSettings.strength', {
            level: t(`accountSettings.strength_${strengthLabels[strength]}`),
          })}
        </span>
      </div>
      <label htmlFor={`${id}-again`} className="field-label">
        {t('accountSettings.exportPasswordRepeat')}
      </label>
      <input
        id={`${id}-again`}
        className="input"
        type="password"
        autoComplete="new-password"
        value={again}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setAgain(e.target.value)}
      />
      {withPin && (
        <>
          <label htmlFor={`${id}-pin`} className="field-label">
            {t('accountSettings.currentPin')}
          </label>
          <input
            id={`${id}-pin`}
            className="input"
            type="password"
            autoComplete="current-password"
            value={pin}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setPin(e.target.value)}
          />
        </>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {t(error)}
        </p>
      )}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={busy || !password || !again || (withPin && !pin)}
          icon={<LockKeyhole size={16} aria-hidden />}
        >
          {busy ? t('accountSettings.exportSealing') : t('accountSettings.exportSubmit')}
        </Button>
      </div>
    </form>
  );
}
