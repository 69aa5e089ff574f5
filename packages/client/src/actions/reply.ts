import type { NostrEvent } from '@swell/nostr';
import type { WriteResult, ActionContext } from './action-context.ts';
import { sendNote, type NoteExtras } from './compose-note.ts';

/** A reply (NIP-10 marked e tags, p tags of the thread); the parent's reply count moves at once. */
export function reply(
  ctx: ActionContext,
  parent: NostrEvent,
  content: string,
  extras: NoteExtras = {},
): Promise<WriteResult> {
  return sendNote(ctx, { content, replyTo: parent, ...extras }, [
    { type: 'reply', noteId: parent.id },
  ]);
}
