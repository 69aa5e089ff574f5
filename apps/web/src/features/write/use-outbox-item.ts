import { useMemo } from 'react';
import type { OutboxItem } from '@swell/client';
import { replyTo } from '@swell/nostr';
import { useSnapshot } from '@/data/use-model.ts';
import { pendingRootNotes } from '@/features/write/pending-notes.ts';
import { writeStore } from '@/features/write/write-store.ts';

/** A note's entry in the outbox (sending, failed, sent), or undefined when it is not there. */
export function useOutboxItem(id: string): OutboxItem | undefined {
  const write = useSnapshot(writeStore);
  return useSnapshot(write?.outbox, () => write?.outbox.getSnapshot().items[id]);
}

/** Ids of the user's own new posts in the outbox (not replies), newest first. */
export function useOwnPendingNotes(pubkey: string | null): string[] {
  const write = useSnapshot(writeStore);
  const snap = useSnapshot(write?.outbox);
  return pendingRootNotes(snap?.items, pubkey);
}

/** Ids of the user's replies to a note in the outbox (sending, failed, sent), oldest first. */
export function useOwnReplies(pubkey: string | null, parentId: string | undefined): string[] {
  const write = useSnapshot(writeStore);
  const snap = useSnapshot(write?.outbox);
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
