import type { NostrEvent } from '@swell/nostr';
import type { WriteResult, ActionContext } from './action-context.ts';
import { sendNote } from './compose-note.ts';

/** A reply (NIP-10 marked e tags, p tags of the thread); the parent's reply count moves at once. */
export function reply(
  ctx: ActionContext,
  parent: NostrEvent,
  content: string,
): Promise<WriteResult> {
  return sendNote(ctx, { content, replyTo: parent }, [{ type: 'reply', noteId: parent.id }]);
}
