import { useEffect, useState } from 'react';
import { suggestUsers } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { userLabel, useUser } from '@/data/user.ts';
import { readingContext } from '@/features/reading/reading-context.ts';

const none: string[] = [];

/**
 * Users matching a typed name, 200 ms after the last key: the cache's `user_search`, names first
 * (exact and prefix matches of name, display name and NIP-05 local part), then score, cut to
 * `limit` (`suggestUsers`). Empty until the answer for this very query has come (and after a
 * failed one); no query, no request.
 */
export function useUserSuggestions(
  query: string | null,
  viewer: string | null,
  limit: number,
): string[] {
  const [found, setFound] = useState<{ query: string; pubkeys: string[] } | null>(null);
  useEffect(() => {
    if (!query) return;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      suggestUsers(readingContext(viewer), query, { limit, signal: ac.signal }).then(
        (pubkeys) => setFound({ query, pubkeys }),
        () => !ac.signal.aborted && setFound({ query, pubkeys: none }),
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [query, viewer, limit]);
  return query && found?.query === query ? found.pubkeys : none;
}

/**
 * One suggested user in a listbox: avatar, name and handle (NIP-05, else @name). A click picks
 * it; a press does not take the focus from the field that drives the list. `className` names
 * the option and its parts (`<className>-option`, `-name`, `-handle`).
 */
export function UserOption({
  id,
  pubkey,
  active,
  onPick,
  className,
}: {
  id: string;
  pubkey: string;
  active: boolean;
  onPick: (pubkey: string) => void;
  className: string;
}) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`${className}-option`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(pubkey)}
    >
      <Avatar pubkey={pubkey} picture={user.picture} size="xs" name={name} />
      <span className={`${className}-name`}>{name}</span>
      {(user.nip05 || user.name) && (
        <span className={`${className}-handle`}>{user.nip05 || `@${user.name}`}</span>
      )}
    </li>
  );
}
