import { useTranslation } from '@/i18n/use-translation.ts';
import type { RecommendedUser } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { userLabel, useUser } from '@/data/user.ts';

function Suggestion({
  user,
  checked,
  onToggle,
}: {
  user: RecommendedUser;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const view = useUser(user.pubkey);
  const name = view.displayName || view.name || user.name || userLabel(view);
  const id = `suggest-${user.pubkey}`;
  return (
    <li className="suggestion">
      <input
        id={id}
        type="checkbox"
        className="suggestion-check"
        checked={checked}
        onChange={(e) => onToggle(e.target.checked)}
      />
      <label htmlFor={id} className="suggestion-label">
        <Avatar picture={view.picture} size="vs" name={name} />
        <span className="suggestion-text">
          <strong>{name}</strong>
          {view.about && <span>{view.about}</span>}
        </span>
      </label>
    </li>
  );
}

/** The follow suggestions of the last step: each a checkbox, all picked at first. */
export function FollowSuggestions({
  users,
  picked,
  onChange,
}: {
  users: RecommendedUser[];
  picked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const toggle = (pk: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(pk);
    else next.delete(pk);
    onChange(next);
  };
  return (
    <fieldset className="suggestions">
      <legend className="visually-hidden">{t('newAccount.followLegend')}</legend>
      <ul>
        {users.map((u) => (
          <Suggestion
            key={u.pubkey}
            user={u}
            checked={picked.has(u.pubkey)}
            onToggle={(on) => toggle(u.pubkey, on)}
          />
        ))}
      </ul>
    </fieldset>
  );
}
