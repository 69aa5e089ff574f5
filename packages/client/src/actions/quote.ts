import type { NostrEvent } from '@swell/nostr';
import type { WriteResult, ActionContext } from './action-context.ts';
import { sendNote, type NoteExtras } from './compose-note.ts';

/** A quote (NIP-18): a note with a q tag and the quoted note's nostr:nevent link. */
export function quote(
  ctx: ActionContext,
  quoted: NostrEvent,
  content: string,
  extras: NoteExtras = {},
): Promise<WriteResult> {
  return sendNote(ctx, { content, quote: quoted, ...extras });
}
