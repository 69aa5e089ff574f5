import * as PopoverPrimitive from '@radix-ui/react-popover';
import { useEffect, useState, type ReactElement } from 'react';
import { suggestUsers } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { keepOpenForNestedLayers } from '@/components/ui/nested-layers.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { readingContext } from '@/features/reading/reading-context.ts';

const none: string[] = [];

/**
 * Users matching the typed `@query`, 200 ms after the last key: the cache's `user_search`, names
 * first (exact and prefix matches of name, display name and NIP-05 local part), then score, cut
 * to 6 (`suggestUsers`).
 */
export function useMentionSearch(query: string | null, viewer: string | null): string[] {
  const [found, setFound] = useState<{ query: string; pubkeys: string[] } | null>(null);
  useEffect(() => {
    if (!query) return;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      suggestUsers(readingContext(viewer), query, { limit: 6, signal: ac.signal })
        .then((pubkeys) => setFound({ query, pubkeys }))
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [query, viewer]);
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

/**
 * The autocomplete list of the editor (a listbox driven by the editor's arrow keys), floating
 * beside `anchor` (the text field): below it, or above when there is no room, shifted to stay
 * inside the viewport, and drawn over the composer's edges instead of clipped by them.
 */
export function MentionList({
  id,
  pubkeys,
  active,
  onPick,
  onDismiss,
  anchor,
}: {
  id: string;
  pubkeys: string[];
  active: number;
  onPick: (pubkey: string) => void;
  onDismiss: () => void;
  anchor: ReactElement;
}) {
  const { t } = useTranslation();
  const open = pubkeys.length > 0;
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={(o) => !o && onDismiss()}>
      <PopoverPrimitive.Anchor asChild>{anchor}</PopoverPrimitive.Anchor>
      {open && (
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            className="mention-popover"
            role="presentation"
            side="bottom"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            // The focus stays in the editor, which drives the list.
            onOpenAutoFocus={(e) => e.preventDefault()}
            onCloseAutoFocus={(e) => e.preventDefault()}
            onInteractOutside={(e) => {
              const target = e.target;
              if (target instanceof Node && document.getElementById(id)?.contains(target)) return;
              keepOpenForNestedLayers(e);
            }}
          >
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
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      )}
    </PopoverPrimitive.Root>
  );
}
