import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { parseRecipientInput } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { conversationLink } from '@/features/messages/contact-address.ts';
import { lookupNip05 } from '@/features/profile/nip05.ts';
import { UserOption, useUserSuggestions } from '@/features/reading/user-suggestions.tsx';
import '@/components/ui/form.css';

/**
 * New message (from /dms): a person picked by name (suggestions as one types: names first,
 * then score), or a pasted npub, nprofile or NIP-05 address; opens the conversation with them.
 */
export default function NewMessageDialog({
  viewer,
  onClose,
}: {
  viewer: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-people`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = parseRecipientInput(text);
  const query = input.type === 'name' ? input.query : '';

  const people = useUserSuggestions(query, viewer, 8);
  // A new list of people: its first one is the one Enter opens.
  const [listed, setListed] = useState(people);
  if (listed !== people) {
    setListed(people);
    setActive(0);
  }

  const open = (pubkey: string) => {
    onClose();
    void navigate(conversationLink(pubkey));
  };
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    if (input.type === 'pubkey') return open(input.pubkey);
    if (input.type === 'name' && people[active]) return open(people[active]);
    if (input.type === 'nip05') {
      setBusy(true);
      try {
        const pubkey = await lookupNip05(input.address);
        if (pubkey) return open(pubkey);
        setError(t('messages.newNotFound'));
      } catch {
        setError(t('messages.newLookupFailed'));
      } finally {
        setBusy(false);
      }
      return;
    }
    setError(input.type === 'empty' ? t('messages.newEmpty') : t('messages.newNoMatch'));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (people.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const d = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + d + people.length) % people.length);
    }
  };
  const expanded = people.length > 0;
  return (
    <Dialog title={t('messages.newTitle')} description={t('messages.newIntro')} onClose={onClose}>
      <form className="form new-message" onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-to`} className="field-label">
          {t('messages.newTo')}
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          placeholder={t('messages.newPlaceholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? `${listId}-${people[active]}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('messages.newPeople')}
          className="person-list"
          hidden={!expanded}
        >
          {people.map((pk, i) => (
            <UserOption
              className="person"
              key={pk}
              id={`${listId}-${pk}`}
              pubkey={pk}
              active={i === active}
              onPick={open}
            />
          ))}
        </ul>
        {error && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="form-actions">
          <Button variant="ghost" onClick={onClose}>
            {t('ui.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy || input.type === 'empty'}>
            {t('messages.newOpen')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
