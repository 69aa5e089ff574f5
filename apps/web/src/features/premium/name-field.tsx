import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { membershipClient } from '@/features/premium/membership.ts';
import '@/components/ui/form.css';

export type NameCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; name: string }
  | { state: 'unavailable'; reason: string; heldUntil?: number }
  | { state: 'failed' };

/** The words for a name the server (or the rules) turned down (spec: "name unavailable"). */
export function nameProblemKey(reason: string | undefined): string {
  const known = ['too-short', 'too-long', 'invalid', 'taken', 'reserved'];
  return reason && known.includes(reason) ? `premium.name.${reason}` : 'premium.name.unavailable';
}

/** "14:05": when a hold on a name ends (a hold lasts an hour at most). */
export function holdTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * A name input with `@host` after it and a check button: the rules are applied before asking
 * (at least 3 characters, a-z 0-9 . _ -), then the server says taken or reserved.
 */
export function NameField({
  initial = '',
  submitLabel,
  onAvailable,
  after,
}: {
  initial?: string;
  submitLabel?: string;
  /** Runs on an available name (a rename saves here); its error is shown under the field. */
  onAvailable?: (name: string) => Promise<void> | void;
  after?: (check: NameCheck) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initial);
  const [check, setCheck] = useState<NameCheck>({ state: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = name.trim().toLowerCase();
    setCheck({ state: 'checking' });
    try {
      const answer = await (await membershipClient()).checkName(wanted);
      if (!answer.available) {
        setCheck({
          state: 'unavailable',
          reason: answer.reason ?? '',
          ...(answer.held_until ? { heldUntil: answer.held_until } : {}),
        });
        return;
      }
      setCheck({ state: 'available', name: answer.name ?? wanted });
      await onAvailable?.(answer.name ?? wanted);
    } catch {
      setCheck({ state: 'failed' });
    }
  };
  const bad = check.state === 'unavailable' || check.state === 'failed';
  return (
    <form className="form premium-name-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="field-label" htmlFor={id}>
        {t('premium.name.label')}
      </label>
      <div className="premium-name-row">
        <div className="premium-name-input">
          <input
            id={id}
            className="input"
            value={name}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={bad}
            aria-describedby={`${id}-msg`}
            onChange={(e) => {
              setName(e.target.value);
              setCheck({ state: 'idle' });
            }}
          />
          <span className="premium-name-host" aria-hidden="true">
            @{location.host}
          </span>
        </div>
        <Button type="submit" variant="primary" disabled={check.state === 'checking'}>
          {check.state === 'checking'
            ? t('premium.name.checking')
            : (submitLabel ?? t('premium.name.check'))}
        </Button>
      </div>
      <div id={`${id}-msg`} className="premium-name-msg" aria-live="polite">
        {check.state === 'available' && (
          <p className="premium-ok">
            {t('premium.name.available', { address: `${check.name}@${location.host}` })}
          </p>
        )}
        {check.state === 'unavailable' && (
          <p className="field-error">
            {check.heldUntil
              ? t('premium.name.held', { time: holdTime(check.heldUntil) })
              : t(nameProblemKey(check.reason))}
          </p>
        )}
        {check.state === 'failed' && <p className="field-error">{t('premium.name.failed')}</p>}
      </div>
      {after?.(check)}
    </form>
  );
}
