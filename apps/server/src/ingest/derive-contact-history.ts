import type { NostrEvent } from '@swell/nostr';
import type { DeriveContext } from './derive-helpers.ts';

/** Versions of one user's contact list kept for recovery (the newest ones). */
export const CONTACT_HISTORY_DEPTH = 100;

/**
 * Keeps every version of a contact list (kind 3) the server sees, for every user, so a member can
 * restore an earlier one (spec section 2: Premium > contacts recovery): the replaceable store
 * keeps only the newest, and a member may join after the loss. A version arriving late (older
 * than the stored head) is kept too. Only the newest CONTACT_HISTORY_DEPTH per user stay.
 */
export async function recordContactList(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const added = await ctx.tx.run(
    'INSERT INTO contact_list_history (id, pubkey, created_at, tags, content, sig) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    [e.id, e.pubkey, e.created_at, JSON.stringify(e.tags), e.content, e.sig],
  );
  if (added === 0) return;
  await ctx.tx.run(
    `DELETE FROM contact_list_history WHERE pubkey = ? AND id NOT IN (
       SELECT id FROM contact_list_history WHERE pubkey = ? ORDER BY created_at DESC, id LIMIT ${CONTACT_HISTORY_DEPTH})`,
    [e.pubkey, e.pubkey],
  );
}
