import { eventCoordinate, isAddressable, isReplaceable, type NostrEvent } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import { signAndSend, type ActionContext, type WriteResult } from './action-context.ts';

/**
 * Delete (NIP-09): a kind 5 with the note's e tag (and a tag for replaceable and addressable
 * kinds) and its k tag; only the author can. The note is hidden at once, and for good once a
 * relay accepted the deletion (our server then removes it and stops serving it).
 */
export async function deleteNote(
  ctx: ActionContext,
  note: NostrEvent,
  reason = '',
): Promise<WriteResult> {
  if (note.pubkey !== ctx.session.pubkey) {
    throw new ClientError('not-signed-in', 'only the author can delete a note');
  }
  const tags: string[][] = [['e', note.id]];
  if (isReplaceable(note.kind) || isAddressable(note.kind)) tags.push(['a', eventCoordinate(note)]);
  tags.push(['k', String(note.kind)]);
  return signAndSend(ctx, { kind: 5, content: reason, tags }, [{ type: 'hide', noteId: note.id }]);
}
