import type { NostrEvent } from '@swell/nostr';
import { hintOf, signAndSend, type ActionContext, type WriteResult } from './action-context.ts';

/**
 * Like (NIP-25 reaction `+` with e and p tags, and k for the liked kind). Ignored (null) if the
 * note is already liked or a like of it is waiting in the outbox; the count and highlight change
 * at once; on success the id joins the liked list (outbox-overlay.ts).
 */
export async function like(ctx: ActionContext, note: NostrEvent): Promise<WriteResult | null> {
  const me = ctx.session.pubkey;
  if (ctx.store.noteActions(note.id)?.liked) return null;
  if (me && (ctx.records.get(me).likes ?? []).includes(note.id)) return null;
  const waiting = Object.values(ctx.outbox.getSnapshot().items).some(
    (i) =>
      i.status !== 'sent' &&
      i.event.kind === 7 &&
      i.event.pubkey === me &&
      i.event.tags.some((t) => t[0] === 'e' && t[1] === note.id),
  );
  if (waiting) return null;
  return signAndSend(
    ctx,
    {
      kind: 7,
      content: '+',
      tags: [
        ['e', note.id, hintOf(ctx, note.id), note.pubkey],
        ['p', note.pubkey],
        ['k', String(note.kind)],
      ],
    },
    [{ type: 'like', noteId: note.id }],
  );
}
