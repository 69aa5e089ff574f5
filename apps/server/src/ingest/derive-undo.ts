import { isHex64, MEDIA_EVENT_KINDS, replyTo, type NostrEvent } from '@swell/nostr';
import {
  bumpEventStats,
  bumpUserStats,
  type DeriveContext,
  type NoteAction,
  type ScoreAction,
} from './derive-helpers.ts';
import { lastTagValue } from './references.ts';
import { undoComment } from './derive-comments.ts';

/** Takes a user's action (flag, counter and score points) back from a note. */
async function undoAction(
  ctx: DeriveContext,
  actor: string,
  eventId: string,
  flag: NoteAction,
  counter: 'likes' | 'reposts',
  scoreAction: ScoreAction,
): Promise<void> {
  const cleared = await ctx.tx.run(
    `UPDATE note_actions SET ${flag} = 0 WHERE pubkey = ? AND event_id = ? AND ${flag} = 1`,
    [actor, eventId],
  );
  if (cleared === 0) return;
  await bumpEventStats(ctx, eventId, { [counter]: -1 });
  const points = await ctx.tx.all<{ points: number; expired: number }>(
    'DELETE FROM score_points WHERE event_id = ? AND actor = ? AND action = ? RETURNING points, expired',
    [eventId, actor, scoreAction],
  );
  for (const p of points) {
    const n = Number(p.points);
    await bumpEventStats(
      ctx,
      eventId,
      Number(p.expired) ? { score: -n } : { score: -n, score24h: -n },
    );
  }
}

/**
 * Reverses what a deleted event contributed: its notifications, a like or repost (counter,
 * flag, score), a reply (parent's reply count, author's note/reply count), a picture post or
 * video event (author's media count).
 */
export async function undoDerived(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  ctx.pending?.dropNotificationsFrom(e.id);
  await ctx.tx.run('DELETE FROM notifications WHERE source_event_id = ?', [e.id]);
  if (e.kind === 7 && e.content !== '-') {
    const target = lastTagValue(e, 'e');
    if (isHex64(target)) await undoAction(ctx, e.pubkey, target, 'liked', 'likes', 'like');
  } else if (e.kind === 6 || e.kind === 16) {
    const target = e.tags.find((t) => t[0] === 'e' && isHex64(t[1]))?.[1];
    if (target) await undoAction(ctx, e.pubkey, target, 'reposted', 'reposts', 'repost');
  } else if (e.kind === 1) {
    const parent = replyTo(e);
    if (parent) await bumpEventStats(ctx, parent, { replies: -1 });
    await bumpUserStats(ctx, e.pubkey, { [parent ? 'reply_count' : 'note_count']: -1 });
  } else if (e.kind === 1111) {
    await undoComment(ctx, e);
  } else if (MEDIA_EVENT_KINDS.includes(e.kind)) {
    await bumpUserStats(ctx, e.pubkey, { media_count: -1 });
  }
}
