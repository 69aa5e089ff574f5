import { useMemo } from 'react';
import type { OutboxItem } from '@swell/client';
import { replyTo, type NostrEvent } from '@swell/nostr';
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

/** A NIP-10 reply to the note, or a NIP-22 comment answering it (its lowercase e). */
function answers(event: NostrEvent, parentId: string): boolean {
  if (event.kind === 1) return replyTo(event) === parentId;
  return event.kind === 1111 && event.tags.some((t) => t[0] === 'e' && t[1] === parentId);
}

/**
 * Ids of the user's replies to a note in the outbox (sending, failed, sent), oldest first: its
 * NIP-10 replies, and for a comment the NIP-22 comments answering it.
 */
export function useOwnReplies(pubkey: string | null, parentId: string | undefined): string[] {
  const write = useSnapshot(writeStore);
  const snap = useSnapshot(write?.outbox);
  const items = snap?.items;
  return useMemo(
    () =>
      !items || !pubkey || !parentId
        ? []
        : Object.values(items)
            .filter((i) => i.event.pubkey === pubkey && answers(i.event, parentId))
            .sort((a, b) => a.event.created_at - b.event.created_at)
            .map((i) => i.id),
    [items, pubkey, parentId],
  );
}
