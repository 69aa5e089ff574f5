import type { BookmarkConfirmation, FollowConfirmation, ListOutcome } from '@swell/client';
import type { SignedEvent } from '@swell/cache-protocol';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';

/** The list dialog open now (one at a time), or null. */
export type ListDialog =
  /** Spec section 4: a contact list left with fewer than 2 follows shows the data first. */
  | {
      type: 'follow-confirm';
      data: FollowConfirmation;
      confirm(): Promise<ListOutcome<FollowConfirmation>>;
    }
  /** Spec section 4: the first public bookmark and the last removal ask first. */
  | {
      type: 'bookmark-confirm';
      reason: BookmarkConfirmation['reason'];
      /** What is bookmarked: a note, or an article (named so in the question). */
      what: 'note' | 'article';
      confirm(): Promise<ListOutcome<BookmarkConfirmation>>;
    }
  /** Mute the author (or the thread of `note`), publicly or privately. */
  | { type: 'mute'; pubkey: string; note?: SignedEvent }
  /** Report the author (NIP-56), for `note` when given. */
  | { type: 'report'; pubkey: string; note?: SignedEvent };

export const listDialogStore = createStore<ListDialog | null>(null);

export const openListDialog = (dialog: ListDialog) => listDialogStore.set(dialog);
export const closeListDialog = () => listDialogStore.set(null);
export const useListDialog = () => useSnapshot(listDialogStore);
