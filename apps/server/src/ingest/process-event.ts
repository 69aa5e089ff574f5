import {
  eventCoordinate,
  isAddressable,
  isEphemeral,
  MEDIA_EVENT_KINDS,
  type NostrEvent,
} from '@swell/nostr';
import { bumpUserStats, findEvent, type DeriveContext } from './derive-helpers.ts';
import { derivePoll, derivePollResponse } from './derive-polls.ts';
import { countCommentsOfAddress, deriveComment, deriveHighlight } from './derive-comments.ts';
import { recordContactList } from './derive-contact-history.ts';
import { deriveDeletion } from './derive-deletion.ts';
import { deriveNote, deriveReaction, deriveRepost, deriveZap } from './derive-interactions.ts';
import { deriveGiftWrap } from './derive-gift-wrap.ts';
import { deriveNutzap, deriveNutzapRedemption } from './derive-nutzaps.ts';
import { deriveDirectMessage, deriveReplaceable } from './derive-lists.ts';
import {
  headKey,
  insertEvent,
  isHeadKind,
  removeEvent,
  supersedes,
  type HeadRow,
} from './storage-writes.ts';

export type EventOutcome =
  | { status: 'accepted' }
  | { status: 'duplicate'; message: string }
  | { status: 'rejected'; message: string };

/** Kinds that get an event_stats row as soon as they are stored (so feeds can join on it). */
const STATS_KINDS = new Set([1, 20, 21, 22, 1068, 1111, 6969, 9802, 30023, 34235, 34236]);

/**
 * Stores one verified event inside the batch transaction and updates every derived table.
 * Replaceable and addressable kinds keep only their newest version.
 */
export async function processEvent(
  ctx: DeriveContext,
  e: NostrEvent,
  /** For regular kinds: whether `insertEvents` already stored it in this transaction. */
  preInserted?: boolean,
): Promise<EventOutcome> {
  if (isEphemeral(e.kind)) return { status: 'accepted' };

  let previous: NostrEvent | undefined;
  if (isHeadKind(e.kind)) {
    const d = headKey(e);
    const deleted = await ctx.tx.all<{ created_at: number }>(
      'SELECT created_at FROM deletions WHERE target = ? AND pubkey = ?',
      [eventCoordinate(e), e.pubkey],
    );
    if (deleted[0] && Number(deleted[0].created_at) >= e.created_at) {
      // Like an older replaceable version: known, superseded, nothing new to store (OK true).
      return { status: 'duplicate', message: 'duplicate: deleted by its author' };
    }
    if (e.kind === 3) await recordContactList(ctx, e);
    const heads = await ctx.tx.all<HeadRow>(
      'SELECT event_id, created_at FROM replaceable_heads WHERE pubkey = ? AND kind = ? AND d_tag = ?',
      [e.pubkey, e.kind, d],
    );
    const head = heads[0];
    if (head && head.event_id === e.id) {
      return { status: 'duplicate', message: 'duplicate: already have this event' };
    }
    if (head && !supersedes(e, head)) {
      return { status: 'duplicate', message: 'duplicate: a newer version is already stored' };
    }
    if (!(await insertEvent(ctx, e))) {
      return { status: 'duplicate', message: 'duplicate: already have this event' };
    }
    if (head) {
      previous = await findEvent(ctx, head.event_id);
      await removeEvent(ctx, head.event_id);
    }
    await ctx.tx.run(
      `INSERT INTO replaceable_heads (pubkey, kind, d_tag, event_id, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (pubkey, kind, d_tag) DO UPDATE SET event_id = excluded.event_id, created_at = excluded.created_at`,
      [e.pubkey, e.kind, d, e.id, e.created_at],
    );
    // An address's comments count in its current version's replies (a new version, or an
    // article that arrives after its comments).
    if (isAddressable(e.kind)) await countCommentsOfAddress(ctx, e, eventCoordinate(e));
  } else if (preInserted === false || (preInserted === undefined && !(await insertEvent(ctx, e)))) {
    return { status: 'duplicate', message: 'duplicate: already have this event' };
  }
  if (STATS_KINDS.has(e.kind) && ctx.pending)
    ctx.pending.describeEvent(e.id, e.created_at, e.pubkey);
  else if (STATS_KINDS.has(e.kind)) {
    await ctx.tx.run(
      'INSERT INTO event_stats (event_id, created_at, pubkey) VALUES (?, ?, ?) ON CONFLICT (event_id) DO UPDATE SET created_at = excluded.created_at, pubkey = excluded.pubkey',
      [e.id, e.created_at, e.pubkey],
    );
  }

  // A picture post or video event counts in its author's media, once per address for the
  // addressable videos (a new version replaces the old one).
  if (MEDIA_EVENT_KINDS.includes(e.kind) && !previous)
    await bumpUserStats(ctx, e.pubkey, { media_count: 1 });

  switch (e.kind) {
    case 1:
      await deriveNote(ctx, e);
      break;
    case 1111:
      await deriveComment(ctx, e);
      break;
    case 9802:
      await deriveHighlight(ctx, e);
      break;
    case 1068:
      await derivePoll(ctx, e);
      break;
    case 1018:
      await derivePollResponse(ctx, e);
      break;
    case 4:
      await deriveDirectMessage(ctx, e);
      break;
    case 1059:
      await deriveGiftWrap(ctx, e);
      break;
    case 5:
      await deriveDeletion(ctx, e);
      break;
    case 6:
    case 16:
      await deriveRepost(ctx, e);
      break;
    case 7:
      await deriveReaction(ctx, e);
      break;
    case 9735:
      await deriveZap(ctx, e);
      break;
    case 9321:
      await deriveNutzap(ctx, e);
      break;
    case 7376:
      await deriveNutzapRedemption(ctx, e);
      break;
    default:
      if (isHeadKind(e.kind)) await deriveReplaceable(ctx, e, previous);
  }
  return { status: 'accepted' };
}
