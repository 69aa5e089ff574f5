import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import SearchIcon from 'lucide-react/icons/search';
import { userSearchModel } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { useModel } from '@/data/use-model.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { searchPath } from '@/features/search/search-navigation.ts';
import '@/components/ui/form.css';
import '@/features/search/search.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { search } from '@/i18n/en/search.ts';

addStrings({ search });

/** The text users are suggested for: 2 characters at least, not a pasted key. */
function suggestFor(text: string): string | null {
  const q = text.trim();
  if (q.length < 2 || q.startsWith('npub1') || q.startsWith('nprofile1')) return null;
  return q;
}

function Suggestion({
  pubkey,
  id,
  active,
  onPick,
}: {
  pubkey: string;
  id: string;
  active: boolean;
  onPick: (path: string) => void;
}) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className="search-suggestion"
      onMouseDown={(e) => {
        e.preventDefault();
        onPick(profileLink(user));
      }}
    >
      <Avatar picture={user.picture} size="xxs" name={name} />
      <span className="search-suggestion-name">{name}</span>
      {user.nip05 && <span className="search-suggestion-nip05">{user.nip05}</span>}
    </li>
  );
}

/**
 * The sidebar's search box (spec section 5): user suggestions as one types (`user_search`, top
 * 10 by score), Enter searches (a pasted npub/nprofile opens the profile; empty is refused).
 */
export default function SearchBox({ autoFocus }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  /** The query asked for, 250 ms after the typing stopped. */
  const [asked, setAsked] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);

  const query = suggestFor(text);
  useEffect(() => {
    if (!query) return;
    const timer = setTimeout(() => setAsked(query), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useModel(userSearchModel, asked)?.state.data;
  const users = query && asked === query && found ? found : [];
  const go = (path: string) => {
    setOpen(false);
    setText('');
    void navigate(path);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const path = searchPath(text);
    if (!path) return setRefused(true);
    go(path);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open || users.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => (a + 1) % users.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a <= 0 ? users.length - 1 : a - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      document
        .getElementById(`${listId}-${active}`)
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    }
  };
  const expanded = open && users.length > 0;
  return (
    <div className="search-box">
      <form role="search" aria-label={t('search.label')} onSubmit={submit}>
        <div className="search-field">
          <SearchIcon size={18} aria-hidden className="search-field-icon" />
          <input
            className="input search-input"
            type="search"
            role="combobox"
            aria-label={t('search.label')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={refused || undefined}
            aria-describedby={refused ? `${listId}-error` : undefined}
            placeholder={t('search.placeholder')}
            value={text}
            autoFocus={autoFocus}
            onChange={(e) => {
              setText(e.target.value);
              setActive(-1);
              setOpen(true);
              setRefused(false);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
        </div>
        {refused && (
          <p id={`${listId}-error`} className="field-error" role="alert">
            {t('search.emptyTerm')}
          </p>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          className="search-suggestions"
          hidden={!expanded}
        >
          {users.map((pk, i) => (
            <Suggestion
              key={pk}
              pubkey={pk}
              id={`${listId}-${i}`}
              active={i === active}
              onPick={go}
            />
          ))}
        </ul>
      </form>
      <Link className="search-advanced-link" to="/asearch">
        {t('search.advanced')}
      </Link>
    </div>
  );
}
