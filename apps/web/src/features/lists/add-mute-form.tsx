import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeMuteValue } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { mute } from '@/features/lists/list-actions.ts';

/** Adds a muted word or hashtag, public or private; checked before anything is published. */
export function AddMuteForm({ kind }: { kind: 'word' | 'hashtag' }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = normalizeMuteValue(kind, text);
    if (value === null) {
      setError(t(kind === 'word' ? 'lists.invalidWord' : 'lists.invalidHashtag'));
      return;
    }
    setError(null);
    setBusy(true);
    const label = kind === 'hashtag' ? `#${value}` : value;
    if (await mute(kind, value, { private: isPrivate, label })) setText('');
    setBusy(false);
  };
  return (
    <form className="lists-add" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-text`} className="field-label">
        {t(kind === 'word' ? 'lists.wordLabel' : 'lists.hashtagLabel')}
      </label>
      <div className="lists-add-row">
        <input
          id={`${id}-text`}
          className="input"
          value={text}
          maxLength={200}
          autoComplete="off"
          placeholder={kind === 'hashtag' ? '#' : undefined}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="primary" disabled={busy}>
          {t('lists.add')}
        </Button>
      </div>
      <label className="lists-check">
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
        {t('lists.privateEntry')}
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}
