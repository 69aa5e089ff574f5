import {
  isHex64,
  parseZapReceipt,
  replyTo,
  threadRoot,
  zapPollOptionOf,
  type NostrEvent,
} from '@swell/nostr';
import {
  addScore,
  bumpEventStats,
  bumpUserStats,
  findEvent,
  markAction,
  notify,
  replyPoints,
  SCORE_POINTS,
  type DeriveContext,
} from './derive-helpers.ts';
import { hasMedia, lastTagValue, quotedEventIds, taggedPubkeys } from './references.ts';

/** Most users notified for one mention fan-out (bounded work per event). */
const MAX_FANOUT = 100;

/** Index of an action within the 1xx/2xx notification families: zap 1, like 2, repost 3, reply 4. */
type Family = 1 | 2 | 3 | 4;

/**
 * Notifications 101-104 (to users mentioned in the acted-on post) and 201-204 (to authors of
 * posts that the acted-on post quotes).
 */
async function fanOut(
  ctx: DeriveContext,
  target: NostrEvent,
  family: Family,
  actor: string,
  source: NostrEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const mentioned = taggedPubkeys(target)
    .filter((p) => p !== target.pubkey)
    .slice(0, MAX_FANOUT);
  for (const p of mentioned) {
    await notify(ctx, p, 100 + family, actor, source, target.id, {
      post_you_were_mentioned_in: target.id,
      ...data,
    });
  }
  for (const quotedId of quotedEventIds(target).slice(0, MAX_FANOUT)) {
    const quoted = await findEvent(ctx, quotedId);
    if (!quoted || quoted.pubkey === target.pubkey) continue;
    await notify(ctx, quoted.pubkey, 200 + family, actor, source, quoted.id, {
      post_your_post_was_mentioned_in: target.id,
      your_post: quoted.id,
      ...data,
    });
  }
}

/** Kind 1: thread row, reply and quote stats, user counters, notifications 6, 7, 8, 104, 204. */
export async function deriveNote(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const parentId = replyTo(e);
  const rootId = threadRoot(e) ?? parentId;
  const thread = [
    e.id,
    parentId ?? null,
    parentId ? (rootId ?? null) : null,
    e.pubkey,
    e.kind,
    e.created_at,
  ];
  if (ctx.pending) ctx.pending.addThread(thread);
  else {
    await ctx.tx.run(
      'INSERT INTO threads (event_id, parent_id, root_id, pubkey, kind, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING',
      thread,
    );
  }
  await bumpUserStats(ctx, e.pubkey, {
    [parentId ? 'reply_count' : 'note_count']: 1,
    ...(hasMedia(e.content) ? { media_count: 1 } : {}),
  });

  let parent: NostrEvent | undefined;
  if (parentId) {
    parent = await findEvent(ctx, parentId);
    await bumpEventStats(ctx, parentId, { replies: 1 });
    if (await markAction(ctx, e.pubkey, parentId, 'replied')) {
      await addScore(ctx, parentId, e.pubkey, 'reply', replyPoints(e.content), e.created_at);
    }
    if (parent) {
      const data = { who_replied_to_it: e.pubkey, reply: e.id };
      await notify(ctx, parent.pubkey, 6, e.pubkey, e, parent.id, {
        your_post: parent.id,
        ...data,
      });
      await fanOut(ctx, parent, 4, e.pubkey, e, data);
    }
  }

  const quoted = quotedEventIds(e);
  const quotedAuthors = new Set<string>();
  for (const id of quoted.slice(0, MAX_FANOUT)) {
    await bumpEventStats(ctx, id, { mentions: 1 });
    if (await markAction(ctx, e.pubkey, id, 'quoted')) {
      await addScore(ctx, id, e.pubkey, 'quote', SCORE_POINTS.quote, e.created_at);
    }
    const q = await findEvent(ctx, id);
    if (q) {
      quotedAuthors.add(q.pubkey);
      await notify(ctx, q.pubkey, 8, e.pubkey, e, q.id, {
        your_post: q.id,
        your_post_were_mentioned_in: e.id,
      });
    }
  }

  // Type 7: users tagged in the note, except the author of the replied-to note (type 6) and
  // authors of quoted notes (type 8) who already hear about it.
  for (const p of taggedPubkeys(e).slice(0, MAX_FANOUT)) {
    if (p === parent?.pubkey || quotedAuthors.has(p)) continue;
    await notify(ctx, p, 7, e.pubkey, e, e.id, { you_were_mentioned_in: e.id });
  }
}

/** Kind 7: likes (first per user), score, note action, notifications 4, 102, 202. */
export async function deriveReaction(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  if (e.content === '-') return; // a dislike is not a like
  const targetId = lastTagValue(e, 'e');
  if (!isHex64(targetId)) return;
  if (!(await markAction(ctx, e.pubkey, targetId, 'liked'))) return;
  await bumpEventStats(ctx, targetId, { likes: 1 });
  await addScore(ctx, targetId, e.pubkey, 'like', SCORE_POINTS.like, e.created_at);
  const target = await findEvent(ctx, targetId);
  const receiver = target?.pubkey ?? lastTagValue(e, 'p');
  await notify(ctx, receiver, 4, e.pubkey, e, targetId, {
    your_post: targetId,
    who_liked_it: e.pubkey,
  });
  if (target) await fanOut(ctx, target, 2, e.pubkey, e, { who_liked_it: e.pubkey });
}

/** Kinds 6 and 16: reposts (first per user), score, note action, notifications 5, 103, 203. */
export async function deriveRepost(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  let targetId = e.tags.find((t) => t[0] === 'e' && isHex64(t[1]))?.[1];
  if (!targetId && e.content.startsWith('{')) {
    try {
      const inner = JSON.parse(e.content) as { id?: unknown };
      if (isHex64(inner.id)) targetId = inner.id;
    } catch {
      // Content is not the reposted event.
    }
  }
  if (!targetId) return;
  if (!(await markAction(ctx, e.pubkey, targetId, 'reposted'))) return;
  await bumpEventStats(ctx, targetId, { reposts: 1 });
  await addScore(ctx, targetId, e.pubkey, 'repost', SCORE_POINTS.repost, e.created_at);
  const target = await findEvent(ctx, targetId);
  const receiver = target?.pubkey ?? e.tags.find((t) => t[0] === 'p' && isHex64(t[1]))?.[1];
  await notify(ctx, receiver, 5, e.pubkey, e, targetId, {
    your_post: targetId,
    who_reposted_it: e.pubkey,
  });
  if (target) await fanOut(ctx, target, 3, e.pubkey, e, { who_reposted_it: e.pubkey });
}

/**
 * Kind 9735: the zap row (with the zap poll option its request names), stats, receiver totals,
 * score, notifications 3, 101, 201.
 */
export async function deriveZap(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const zap = parseZapReceipt(e);
  if (!zap) return;
  const sender = zap.sender ?? '';
  await ctx.tx.run(
    'INSERT INTO zaps (receipt_id, sender, receiver, event_id, coordinate, amount_msats, amount_sats, created_at, message, poll_option) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (receipt_id) DO NOTHING',
    [
      e.id,
      sender,
      zap.recipient,
      zap.eventId ?? null,
      zap.coordinate ?? null,
      zap.msats,
      zap.sats,
      e.created_at,
      zap.message,
      zapPollOptionOf(zap.request) ?? null,
    ],
  );
  await bumpUserStats(ctx, zap.recipient, { total_zap_count: 1, total_satszapped: zap.sats });
  const data = { who_zapped_it: sender, satszapped: zap.sats, message: zap.message };
  if (!zap.eventId) {
    await notify(ctx, zap.recipient, 3, sender, e, null, { your_post: null, ...data });
    return;
  }
  await bumpEventStats(ctx, zap.eventId, { zaps: 1, satszapped: zap.sats });
  if (sender && (await markAction(ctx, sender, zap.eventId, 'zapped'))) {
    await addScore(ctx, zap.eventId, sender, 'zap', SCORE_POINTS.zap, e.created_at);
  }
  await notify(ctx, zap.recipient, 3, sender, e, zap.eventId, { your_post: zap.eventId, ...data });
  const target = await findEvent(ctx, zap.eventId);
  if (target && sender) await fanOut(ctx, target, 1, sender, e, data);
}
