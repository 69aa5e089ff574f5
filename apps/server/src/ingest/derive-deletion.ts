import { isHex64, parseCoordinate, type NostrEvent } from '@swell/nostr';
import { findEvent, type DeriveContext } from './derive-helpers.ts';
import { removeEvent } from './storage-writes.ts';
import { undoDerived } from './derive-undo.ts';

/**
 * NIP-09 (kind 5): removes the author's own targets (e-tags by id, a-tags by coordinate up to
 * the deletion's created_at) and records them so later copies are refused. Targets by other
 * authors are left alone.
 */
export async function deriveDeletion(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  for (const tag of e.tags) {
    const value = tag[1];
    if (!value) continue;
    if (tag[0] === 'e' && isHex64(value)) {
      const target = await findEvent(ctx, value);
      if (target && target.pubkey !== e.pubkey) continue;
      if (target && target.kind !== 5) {
        await undoDerived(ctx, target);
        await removeEvent(ctx, target.id);
        await ctx.tx.run('DELETE FROM replaceable_heads WHERE event_id = ?', [target.id]);
      }
      await ctx.tx.run(
        'INSERT INTO deletions (target, pubkey, deletion_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (target, pubkey) DO NOTHING',
        [value, e.pubkey, e.id, e.created_at],
      );
    } else if (tag[0] === 'a') {
      const coord = parseCoordinate(value);
      if (!coord || coord.pubkey !== e.pubkey) continue;
      const heads = await ctx.tx.all<{ event_id: string }>(
        'SELECT event_id FROM replaceable_heads WHERE pubkey = ? AND kind = ? AND d_tag = ? AND created_at <= ?',
        [coord.pubkey, coord.kind, coord.identifier, e.created_at],
      );
      for (const h of heads) {
        await removeEvent(ctx, h.event_id);
        await ctx.tx.run('DELETE FROM replaceable_heads WHERE event_id = ?', [h.event_id]);
      }
      await ctx.tx.run(
        `INSERT INTO deletions (target, pubkey, deletion_id, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (target, pubkey) DO UPDATE SET deletion_id = excluded.deletion_id, created_at = excluded.created_at
         WHERE excluded.created_at > deletions.created_at`,
        [value, e.pubkey, e.id, e.created_at],
      );
    }
  }
}
