import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The PIN asked to unlock or reveal the stored key: a labelled password field and, under it, the
 * reason it was refused (`error` is a string key, as `loginErrorKey` gives).
 */
export function PinField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (pin: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="password"
        autoComplete="current-password"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {t(error)}
        </p>
      )}
    </>
  );
}
