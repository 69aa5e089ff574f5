import {
  commentTargetKey,
  isHex64,
  parseComment,
  parseCoordinate,
  parseHighlight,
  type CommentTarget,
  type NostrEvent,
} from '@swell/nostr';
import {
  bumpEventStats,
  findEvent,
  markAction,
  notify,
  type DeriveContext,
} from './derive-helpers.ts';

/** Notification type: a NIP-22 comment on one of your posts (ours; cache-protocol.md 3). */
export const COMMENTED_ON_YOUR_POST = 301;
/** Notification type: a NIP-84 highlight of one of your posts (ours; cache-protocol.md 3). */
export const HIGHLIGHTED_YOUR_POST = 302;

/** The stored event id a target names now: an id as is, an address by its current version. */
async function currentId(ctx: DeriveContext, target: CommentTarget): Promise<string | undefined> {
  if (target.type === 'event') return target.id;
  if (target.type !== 'address') return undefined;
  const c = parseCoordinate(target.coordinate);
  if (!c) return undefined;
  const rows = await ctx.tx.all<{ event_id: string }>(
    'SELECT event_id FROM replaceable_heads WHERE pubkey = ? AND kind = ? AND d_tag = ?',
    [c.pubkey, c.kind, c.identifier],
  );
  return rows[0]?.event_id;
}

/**
 * Kind 1111 (NIP-22): a thread row keyed by its targets (`parent_id` and `root_id` hold an
 * event id, an address `kind:pubkey:d` or an external identity), one more in the root's
 * `replies` (every comment of the discussion, with the address's current version) and in a
 * parent comment's, and the notifications: 301 to the root's author for a comment on their post,
 * 6 to a parent comment's author for a reply.
 */
export async function deriveComment(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const refs = parseComment(e);
  if (!refs) return;
  const rootKey = commentTargetKey(refs.root);
  const parentKey = commentTargetKey(refs.parent);
  const thread = [e.id, parentKey, rootKey, e.pubkey, e.kind, e.created_at];
  if (ctx.pending) ctx.pending.addThread(thread);
  else {
    await ctx.tx.run(
      'INSERT INTO threads (event_id, parent_id, root_id, pubkey, kind, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING',
      thread,
    );
  }
  const rootId = await currentId(ctx, refs.root);
  if (rootId) {
    await bumpEventStats(ctx, rootId, { replies: 1 });
    await markAction(ctx, e.pubkey, rootId, 'replied');
  }
  const root = rootId ? await findEvent(ctx, rootId) : undefined;
  if (refs.topLevel) {
    const receiver = root?.pubkey ?? refs.rootAuthor;
    await notify(ctx, receiver, COMMENTED_ON_YOUR_POST, e.pubkey, e, rootId ?? null, {
      your_post: rootId ?? null,
      who_commented_on_it: e.pubkey,
      comment: e.id,
    });
    return;
  }
  if (refs.parent.type !== 'event' || !isHex64(refs.parent.id)) return;
  const parentId = refs.parent.id;
  await bumpEventStats(ctx, parentId, { replies: 1 });
  const parent = await findEvent(ctx, parentId);
  const receiver = parent?.pubkey ?? refs.parentAuthor;
  await notify(ctx, receiver, 6, e.pubkey, e, parentId, {
    your_post: parentId,
    who_replied_to_it: e.pubkey,
    reply: e.id,
  });
  // The root's author hears of every comment under their post, replies included.
  if (root && root.pubkey !== receiver)
    await notify(ctx, root.pubkey, COMMENTED_ON_YOUR_POST, e.pubkey, e, root.id, {
      your_post: root.id,
      who_commented_on_it: e.pubkey,
      comment: e.id,
    });
}

/** Kind 9802 (NIP-84): notification 302 to the author of the highlighted post. */
export async function deriveHighlight(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const h = parseHighlight(e);
  if (!h?.source || h.source.type === 'url') return;
  const subject =
    h.source.type === 'event'
      ? h.source.id
      : await currentId(ctx, { type: 'address', coordinate: h.source.coordinate });
  const target = subject ? await findEvent(ctx, subject) : undefined;
  const receiver =
    target?.pubkey ??
    (h.source.type === 'address' ? parseCoordinate(h.source.coordinate)?.pubkey : undefined);
  await notify(ctx, receiver, HIGHLIGHTED_YOUR_POST, e.pubkey, e, subject ?? null, {
    your_post: subject ?? null,
    who_highlighted_it: e.pubkey,
    highlight: e.id,
  });
}

/**
 * A new version of an addressable event (or one that arrives after its comments) takes the
 * count of the comments stored under its address: its `replies` start there.
 */
export async function countCommentsOfAddress(
  ctx: DeriveContext,
  e: NostrEvent,
  coordinate: string,
): Promise<void> {
  const rows = await ctx.tx.all<{ n: number }>(
    'SELECT count(*) AS n FROM threads WHERE root_id = ? AND kind = 1111',
    [coordinate],
  );
  const n = Number(rows[0]?.n ?? 0);
  if (n > 0) await bumpEventStats(ctx, e.id, { replies: n });
}

/** Takes a deleted comment back: its root's and parent's `replies`. */
export async function undoComment(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const refs = parseComment(e);
  if (!refs) return;
  const rootId = await currentId(ctx, refs.root);
  if (rootId) await bumpEventStats(ctx, rootId, { replies: -1 });
  if (!refs.topLevel && refs.parent.type === 'event')
    await bumpEventStats(ctx, refs.parent.id, { replies: -1 });
}
