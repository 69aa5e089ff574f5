import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import X from 'lucide-react/icons/x';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { changeAllowlist } from '@/features/lists/list-actions.ts';
import { parsePubkeyInput } from '@/features/lists/list-keys.ts';

function AllowedRow({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  const [busy, setBusy] = useState(false);
  return (
    <li className="lists-entry">
      <Link to={profileLink(user)} className="lists-entry-main">
        <Avatar picture={user.picture} size="xs" name={name} />
        <span className="lists-entry-name">{name}</span>
      </Link>
      <IconButton
        size="sm"
        label={t('lists.allowRemove', { name })}
        icon={<X size={16} aria-hidden />}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void changeAllowlist('disallow', pubkey).finally(() => setBusy(false));
        }}
      />
    </li>
  );
}

/** The allowlist: accounts no filter list hides; add by npub, remove each. */
export function AllowlistSection({ allowlist }: { allowlist: readonly string[] }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const pubkey = parsePubkeyInput(text);
    if (!pubkey) {
      setError(t('lists.allowlistInvalid'));
      return;
    }
    setError(null);
    setBusy(true);
    if (await changeAllowlist('allow', pubkey)) setText('');
    setBusy(false);
  };
  return (
    <section className="settings-section" aria-labelledby="allowlist-title">
      <h2 id="allowlist-title" className="settings-section-title">
        {t('lists.allowlistTitle')}
      </h2>
      <p className="settings-section-intro">{t('lists.allowlistIntro')}</p>
      <form className="lists-add" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="allowlist-input" className="field-label">
          {t('lists.allowlistLabel')}
        </label>
        <div className="lists-add-row">
          <input
            id="allowlist-input"
            className="input"
            value={text}
            autoComplete="off"
            spellCheck={false}
            placeholder="npub1…"
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'allowlist-error' : undefined}
          />
          <Button type="submit" variant="primary" disabled={busy}>
            {t('lists.allowlistAdd')}
          </Button>
        </div>
        {error && (
          <p id="allowlist-error" role="alert" className="field-error">
            {error}
          </p>
        )}
      </form>
      {allowlist.length === 0 ? (
        <p className="lists-none">{t('lists.allowlistNone')}</p>
      ) : (
        <ul className="lists-entries">
          {allowlist.map((pk) => (
            <AllowedRow key={pk} pubkey={pk} />
          ))}
        </ul>
      )}
    </section>
  );
}
