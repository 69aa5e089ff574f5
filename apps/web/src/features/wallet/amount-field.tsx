import { useTranslation } from '@/i18n/use-translation.ts';

/** The sats amount input of the wallet's dialogs, with its label and error line. */
export function AmountField({
  id,
  value,
  error,
  onChange,
  autoFocus,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {t('wallet.amount')}
      </label>
      <input
        id={id}
        className="input wallet-amount-input"
        inputMode="numeric"
        autoComplete="off"
        autoFocus={autoFocus}
        value={value}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
