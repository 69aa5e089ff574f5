import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Copy from 'lucide-react/icons/copy';
import { Button } from '@/components/ui/button.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import '@/components/ui/form.css';

/** A key (npub, nsec) in a read-only field with a Copy button. */
export function CopyField({
  label,
  value,
  secret,
  copyLabel,
}: {
  label: string;
  value: string;
  /** Marks the field as secret (shown in a monospace warning colour). */
  secret?: boolean;
  copyLabel?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form copy-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="copy-field-row">
        <input
          id={id}
          className="input copy-field-value"
          readOnly
          value={value}
          spellCheck={false}
          data-secret={secret || undefined}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          icon={<Copy size={16} aria-hidden />}
          aria-label={copyLabel ?? t('accountSettings.copyLabel', { what: label })}
          onClick={() => void copyToClipboard(value)}
        >
          {t('accountSettings.copy')}
        </Button>
      </div>
    </div>
  );
}
