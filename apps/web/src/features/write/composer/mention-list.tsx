import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { swell } from '@/data/client.ts';
import { ingested } from '@/data/connection.ts';
import { userLabel, useUser } from '@/data/user.ts';

const none: string[] = [];

/** Users matching the typed `@query` (cache `user_search`, 200 ms after the last key). */
export function useMentionSearch(query: string | null): string[] {
  const [found, setFound] = useState<{ query: string; pubkeys: string[] } | null>(null);
  useEffect(() => {
    if (!query) return;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      ingested(swell().api.userSearch(query, 6, undefined, { signal: ac.signal }))
        .then((page) => setFound({ query, pubkeys: Object.keys(page.users).slice(0, 6) }))
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [query]);
  return query && found?.query === query ? found.pubkeys : none;
}

function MentionOption({
  id,
  pubkey,
  active,
  onPick,
}: {
  id: string;
  pubkey: string;
  active: boolean;
  onPick: (pubkey: string) => void;
}) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className="mention-option"
      // Keeps the focus in the editor.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(pubkey)}
    >
      <Avatar picture={user.picture} size="xs" name={name} />
      <span className="mention-name">{name}</span>
      {(user.nip05 || user.name) && (
        <span className="mention-handle">{user.nip05 || `@${user.name}`}</span>
      )}
    </li>
  );
}

/** The autocomplete list under the editor (a listbox driven by the editor's arrow keys). */
export function MentionList({
  id,
  pubkeys,
  active,
  onPick,
}: {
  id: string;
  pubkeys: string[];
  active: number;
  onPick: (pubkey: string) => void;
}) {
  const { t } = useTranslation();
  if (pubkeys.length === 0) return null;
  return (
    <ul id={id} role="listbox" aria-label={t('write.mentions')} className="mention-list">
      {pubkeys.map((pk, i) => (
        <MentionOption
          key={pk}
          id={`${id}-${pk}`}
          pubkey={pk}
          active={i === active}
          onPick={onPick}
        />
      ))}
    </ul>
  );
}
