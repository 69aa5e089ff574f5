import { isHex64, type NostrEvent } from '@swell/nostr';
import type { DeriveContext } from './derive-helpers.ts';

/**
 * Kind 1059 (NIP-59 gift wrap): one unread message for its recipient (the first p tag). The
 * sender is sealed inside, so nothing is counted per sender. A wrap the recipient marked read
 * before it arrived (the sender's own copy) stays read; a marker left by someone else does not.
 */
export async function deriveGiftWrap(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const receiver = e.tags.find((t) => t[0] === 'p' && isHex64(t[1]))?.[1];
  if (!receiver) return;
  await ctx.tx.run(
    `INSERT INTO dm_gift_wraps (wrap_id, receiver, received_at, is_read) VALUES (?, ?, ?, 0)
     ON CONFLICT (wrap_id) DO UPDATE SET
       is_read = CASE WHEN dm_gift_wraps.receiver = excluded.receiver THEN dm_gift_wraps.is_read ELSE 0 END,
       receiver = excluded.receiver,
       received_at = excluded.received_at`,
    [e.id, receiver, Math.max(1, ctx.now)],
  );
}
