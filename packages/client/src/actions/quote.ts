import type { NostrEvent } from '@swell/nostr';
import type { WriteResult, ActionContext } from './action-context.ts';
import { sendNote } from './compose-note.ts';

/** A quote (NIP-18): a note with a q tag and the quoted note's nostr:nevent link. */
export function quote(
  ctx: ActionContext,
  quoted: NostrEvent,
  content: string,
): Promise<WriteResult> {
  return sendNote(ctx, { content, quote: quoted });
}
