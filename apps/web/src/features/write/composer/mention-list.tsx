import * as PopoverPrimitive from '@radix-ui/react-popover';
import { type ReactElement } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { keepOpenForNestedLayers } from '@/components/ui/nested-layers.ts';
import { UserOption, useUserSuggestions } from '@/features/reading/user-suggestions.tsx';

/** Users matching the typed `@query` (6 at most; see `useUserSuggestions`). */
export function useMentionSearch(query: string | null, viewer: string | null): string[] {
  return useUserSuggestions(query, viewer, 6);
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
                <UserOption
                  className="mention"
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
