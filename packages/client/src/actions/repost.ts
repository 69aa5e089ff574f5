import type { NostrEvent } from '@swell/nostr';
import { hintOf, signAndSend, type ActionContext, type WriteResult } from './action-context.ts';

/**
 * Repost (NIP-18): kind 6 with the original note's JSON as content for text notes, kind 16
 * (generic repost, with a k tag) for other kinds; e and p tags point at the original.
 */
export function repost(ctx: ActionContext, note: NostrEvent): Promise<WriteResult> {
  const generic = note.kind !== 1;
  return signAndSend(
    ctx,
    {
      kind: generic ? 16 : 6,
      content: JSON.stringify(note),
      tags: [
        ['e', note.id, hintOf(ctx, note.id)],
        ['p', note.pubkey],
        ...(generic ? [['k', String(note.kind)]] : []),
      ],
    },
    [{ type: 'repost', noteId: note.id }],
  );
}
