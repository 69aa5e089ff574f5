import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { normalizeMuteValue } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { swell } from '@/data/client.ts';
import { mute, nameOf } from '@/features/lists/list-actions.ts';
import { parsePubkeyInput } from '@/features/lists/list-keys.ts';

type AddKind = 'user' | 'word' | 'hashtag';

const placeholders: Record<AddKind, string | undefined> = {
  user: 'npub1…',
  word: undefined,
  hashtag: '#',
};

const labels: Record<AddKind, string> = {
  user: 'lists.accountLabel',
  word: 'lists.wordLabel',
  hashtag: 'lists.hashtagLabel',
};

/**
 * What a typed entry mutes, or the i18n key of why it cannot: an account by npub, nprofile or
 * hex key (not yourself, not twice), a word, or a hashtag.
 */
function parseEntry(kind: AddKind, text: string): { value: string } | { error: string } {
  if (kind === 'user') {
    const pubkey = parsePubkeyInput(text);
    if (!pubkey) return { error: 'lists.invalidPubkey' };
    const lists = swell().lists.getSnapshot();
    if (pubkey === lists.pubkey) return { error: 'lists.cannotMuteSelf' };
    if (lists.mutes.some((m) => m.kind === 'user' && m.value === pubkey))
      return { error: 'lists.alreadyMuted' };
    return { value: pubkey };
  }
  const value = normalizeMuteValue(kind, text);
  if (value === null)
    return { error: kind === 'word' ? 'lists.invalidWord' : 'lists.invalidHashtag' };
  return { value };
}

/**
 * Adds a muted account (typed as npub, nprofile or hex key), word or hashtag, public or private;
 * checked before anything is published.
 */
export function AddMuteForm({ kind }: { kind: AddKind }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const entry = parseEntry(kind, text);
    if ('error' in entry) {
      setError(t(entry.error));
      return;
    }
    const { value } = entry;
    setError(null);
    setBusy(true);
    const label = kind === 'hashtag' ? `#${value}` : kind === 'user' ? nameOf(value) : value;
    if (await mute(kind, value, { private: isPrivate, label })) setText('');
    setBusy(false);
  };
  return (
    <form className="lists-add" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-text`} className="field-label">
        {t(labels[kind])}
      </label>
      <div className="lists-add-row">
        <input
          id={`${id}-text`}
          className="input"
          value={text}
          maxLength={kind === 'user' ? 1000 : 200}
          autoComplete="off"
          spellCheck={kind === 'user' ? false : undefined}
          placeholder={placeholders[kind]}
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
