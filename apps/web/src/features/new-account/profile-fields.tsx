import { useTranslation } from '@/i18n/use-translation.ts';
import type { ProfileErrors, ProfileFields } from '@swell/client';
import '@/components/ui/form.css';

export type FieldName = keyof ProfileFields;

/** i18n key of a profile validation error (spec section 5). */
export function profileErrorKey(code: string): string {
  return `newAccount.errors.${code}`;
}

/**
 * Text fields of a profile (labels, hints, errors tied to their field). `multiline` fields are
 * text areas.
 */
export function ProfileFieldInputs({
  names,
  fields,
  errors,
  onChange,
  required = [],
}: {
  names: readonly FieldName[];
  fields: ProfileFields;
  errors: ProfileErrors;
  onChange: (name: FieldName, value: string) => void;
  required?: readonly FieldName[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {names.map((name) => {
        const id = `new-account-${name}`;
        const error = errors[name];
        const hint = t(`newAccount.hints.${name}`, { defaultValue: '' });
        const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
        const common = {
          id,
          className: 'input',
          value: fields[name],
          required: required.includes(name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        } as const;
        return (
          <div key={name} className="form new-account-field">
            <label htmlFor={id} className="field-label">
              {t(`newAccount.fields.${name}`)}
              {required.includes(name) && <span aria-hidden="true"> *</span>}
            </label>
            {name === 'about' ? (
              <textarea
                {...common}
                className="input new-account-textarea"
                rows={4}
                onChange={(e) => onChange(name, e.target.value)}
              />
            ) : (
              <input
                {...common}
                type={['picture', 'banner', 'website'].includes(name) ? 'url' : 'text'}
                autoComplete={name === 'name' ? 'username' : 'off'}
                spellCheck={name === 'display_name'}
                onChange={(e) => onChange(name, e.target.value)}
              />
            )}
            {hint && (
              <p id={`${id}-hint`} className="field-hint">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {t(profileErrorKey(error))}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}
