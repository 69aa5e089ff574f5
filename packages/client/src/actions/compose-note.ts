import { buildNote, type NoteDraftInput } from '../composer/note-tags.ts';
import type { NoteChange } from '../store/note-overlay.ts';
import { signAndSend, type ActionContext, type WriteResult } from './action-context.ts';

/** A kind 1 note built by `buildNote` (tags for the reply, quote, mentions and hashtags). */
export function sendNote(
  ctx: ActionContext,
  input: Omit<NoteDraftInput, 'author' | 'hints'>,
  changes: NoteChange[] = [],
): Promise<WriteResult> {
  const { content, tags } = buildNote({
    ...input,
    ...(ctx.session.pubkey ? { author: ctx.session.pubkey } : {}),
    hints: {
      noteRelay: (id) => ctx.store.relayHint(id),
      noteAuthor: (id) => ctx.store.note(id)?.pubkey,
    },
  });
  return signAndSend(ctx, { kind: 1, content, tags }, changes);
}

/** What a note carries besides its text: the `imeta` tags of the files it shows. */
export interface NoteExtras {
  media?: readonly (readonly string[])[];
}

/** A new note. */
export function postNote(
  ctx: ActionContext,
  content: string,
  extras: NoteExtras = {},
): Promise<WriteResult> {
  return sendNote(ctx, { content, ...extras });
}
