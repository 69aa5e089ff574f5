import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { OutboxItem } from '@swell/client';
import { replyTo } from '@swell/nostr';
import { useStore } from '@/lib/external-store.ts';
import { pendingRootNotes } from '@/features/write/pending-notes.ts';
import { writeStore } from '@/features/write/write-store.ts';

const noSubscribe = () => () => {};
const none = () => undefined;

/** A note's entry in the outbox (sending, failed, sent), or undefined when it is not there. */
export function useOutboxItem(id: string): OutboxItem | undefined {
  const write = useStore(writeStore);
  const get = useCallback(() => write?.outbox.getSnapshot().items[id], [write, id]);
  return useSyncExternalStore(write?.outbox.subscribe ?? noSubscribe, write ? get : none);
}

/** Ids of the user's own new notes in the outbox (kind 1, not replies), newest first. */
export function useOwnPendingNotes(pubkey: string | null): string[] {
  const write = useStore(writeStore);
  const snap = useSyncExternalStore(
    write?.outbox.subscribe ?? noSubscribe,
    write?.outbox.getSnapshot ?? none,
  );
  return pendingRootNotes(snap?.items, pubkey);
}

/** Ids of the user's replies to a note in the outbox (sending, failed, sent), oldest first. */
export function useOwnReplies(pubkey: string | null, parentId: string | undefined): string[] {
  const write = useStore(writeStore);
  const snap = useSyncExternalStore(
    write?.outbox.subscribe ?? noSubscribe,
    write?.outbox.getSnapshot ?? none,
  );
  const items = snap?.items;
  return useMemo(
    () =>
      !items || !pubkey || !parentId
        ? []
        : Object.values(items)
            .filter(
              (i) =>
                i.event.pubkey === pubkey && i.event.kind === 1 && replyTo(i.event) === parentId,
            )
            .sort((a, b) => a.event.created_at - b.event.created_at)
            .map((i) => i.id),
    [items, pubkey, parentId],
  );
}
