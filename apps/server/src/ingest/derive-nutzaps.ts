import { NUTZAP_KIND, parseNutzap, type NostrEvent } from '@swell/nostr';
import {
  bumpEventStats,
  bumpUserStats,
  findEvent,
  markAction,
  addScore,
  SCORE_POINTS,
  type DeriveContext,
} from './derive-helpers.ts';

/** NIP-60 spending history: its public `e` tags with the `redeemed` marker name nutzaps. */
export const NUTZAP_HISTORY_KIND = 7376;

/**
 * A nutzap (NIP-61, kind 9321) counts as a zap once its recipient says it was redeemed: a kind
 * 7376 of theirs whose public `["e", <nutzap id>, <relay>, "redeemed"]` tag names it (NIP-60 keeps
 * that tag unencrypted for this). A nutzap alone proves nothing (anyone can write proofs into a
 * tag; only the mint knows if they are good), and the recipient redeems only what their mint
 * accepted, so a nutzap whose proofs were already spent is never counted. It is one zap row keyed
 * by the nutzap's id, so a second redemption record (or both orders of arrival) counts it once.
 */
async function countNutzap(ctx: DeriveContext, nutzapEvent: NostrEvent): Promise<void> {
  const nutzap = parseNutzap(nutzapEvent);
  if ('error' in nutzap || nutzap.unit !== 'sat') return;
  const inserted = await ctx.tx.run(
    'INSERT INTO zaps (receipt_id, sender, receiver, event_id, coordinate, amount_msats, amount_sats, created_at, message, poll_option) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (receipt_id) DO NOTHING',
    [
      nutzap.id,
      nutzap.sender,
      nutzap.recipient,
      nutzap.eventId ?? null,
      nutzap.coordinate ?? null,
      nutzap.amount * 1000,
      nutzap.amount,
      nutzap.created_at,
      nutzap.comment,
      null,
    ],
  );
  if (inserted === 0) return;
  await bumpUserStats(ctx, nutzap.recipient, {
    total_zap_count: 1,
    total_satszapped: nutzap.amount,
  });
  if (!nutzap.eventId) return;
  await bumpEventStats(ctx, nutzap.eventId, { zaps: 1, satszapped: nutzap.amount });
  if (await markAction(ctx, nutzap.sender, nutzap.eventId, 'zapped')) {
    await addScore(ctx, nutzap.eventId, nutzap.sender, 'zap', SCORE_POINTS.zap, nutzap.created_at);
  }
}

/** Kind 7376: each nutzap it marks redeemed, if stored and addressed to its author, counts. */
export async function deriveNutzapRedemption(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const ids = new Set<string>();
  for (const t of e.tags) {
    if (t[0] === 'e' && t[3] === 'redeemed' && typeof t[1] === 'string') ids.add(t[1]);
    if (ids.size >= 64) break;
  }
  for (const id of ids) {
    const nutzap = await findEvent(ctx, id);
    if (!nutzap || nutzap.kind !== NUTZAP_KIND) continue;
    if (!nutzap.tags.some((t) => t[0] === 'p' && t[1] === e.pubkey)) continue;
    await countNutzap(ctx, nutzap);
  }
}

/** Kind 9321: counted now if its recipient's redemption record came first. */
export async function deriveNutzap(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const nutzap = parseNutzap(e);
  if ('error' in nutzap) return;
  const rows = await ctx.tx.all<{ tags: string }>(
    `SELECT e.tags FROM event_tags t JOIN events e ON e.id = t.event_id
      WHERE t.name = 'e' AND t.value = ? AND t.kind = ? AND t.pubkey = ? LIMIT 8`,
    [e.id, NUTZAP_HISTORY_KIND, nutzap.recipient],
  );
  const redeemed = rows.some((r) =>
    (JSON.parse(r.tags) as string[][]).some(
      (t) => t[0] === 'e' && t[1] === e.id && t[3] === 'redeemed',
    ),
  );
  if (redeemed) await countNutzap(ctx, e);
}
