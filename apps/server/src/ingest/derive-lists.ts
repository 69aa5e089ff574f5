import { getDTag, isHex64, type NostrEvent } from '@swell/nostr';
import { placeholders } from '../store/sql.ts';
import {
  bumpEventStats,
  bumpUserStats,
  insertMany,
  setUserStat,
  type DeriveContext,
} from './derive-helpers.ts';

function tagSet(e: NostrEvent | undefined, name: string): Set<string> {
  const out = new Set<string>();
  if (!e) return out;
  for (const t of e.tags) if (t[0] === name && isHex64(t[1])) out.add(t[1]);
  return out;
}

/** Kind 3: follow graph diff, follows/followers counts, notifications 1 and 2 (multi-row). */
async function deriveContacts(
  ctx: DeriveContext,
  e: NostrEvent,
  previous: NostrEvent | undefined,
): Promise<void> {
  const before = tagSet(previous, 'p');
  const after = tagSet(e, 'p');
  after.delete(e.pubkey);
  before.delete(e.pubkey);
  const toAdd = [...after].filter((p) => !before.has(p));
  const toRemove = [...before].filter((p) => !after.has(p));

  const added = (
    await insertMany<{ followed: string }>(
      ctx,
      'follows',
      ['follower', 'followed', 'created_at'],
      toAdd.map((p) => [e.pubkey, p, e.created_at]),
      'ON CONFLICT (follower, followed) DO NOTHING RETURNING followed',
    )
  ).map((r) => r.followed);
  const removed: string[] = [];
  for (let i = 0; i < toRemove.length; i += 100) {
    const part = toRemove.slice(i, i + 100);
    const rows = await ctx.tx.all<{ followed: string }>(
      `DELETE FROM follows WHERE follower = ? AND followed IN ${placeholders(part.length)} RETURNING followed`,
      [e.pubkey, ...part],
    );
    removed.push(...rows.map((r) => r.followed));
  }
  const counters = [...added.map((p) => [p, 1]), ...removed.map((p) => [p, -1])];
  await insertMany(
    ctx,
    'user_stats',
    ['pubkey', 'followers_count'],
    counters,
    'ON CONFLICT (pubkey) DO UPDATE SET followers_count = user_stats.followers_count + excluded.followers_count',
  );
  const data = JSON.stringify({ follower: e.pubkey });
  const notes = [
    ...added.map((p) => [`1:${e.id}:${p}`, p, e.created_at, 1, e.pubkey, e.id, null, data]),
    ...removed.map((p) => [`2:${e.id}:${p}`, p, e.created_at, 2, e.pubkey, e.id, null, data]),
  ];
  await insertMany(
    ctx,
    'notifications',
    ['id', 'pubkey', 'created_at', 'type', 'actor', 'source_event_id', 'subject_event_id', 'data'],
    notes,
    'ON CONFLICT (id) DO NOTHING',
  );
  await setUserStat(ctx, e.pubkey, 'follows_count', after.size);
}

/** Kind 10003: bookmark counts of the notes added to or removed from the list. */
async function deriveBookmarks(
  ctx: DeriveContext,
  e: NostrEvent,
  previous: NostrEvent | undefined,
): Promise<void> {
  const before = tagSet(previous, 'e');
  const after = tagSet(e, 'e');
  for (const id of after) if (!before.has(id)) await bumpEventStats(ctx, id, { bookmarks: 1 });
  for (const id of before) if (!after.has(id)) await bumpEventStats(ctx, id, { bookmarks: -1 });
}

/**
 * Derived data of replaceable and addressable events, given the version they replace (if any):
 * follows (3), relay count (10002), bookmarks (10003), long-form count (30023), app settings
 * (30078).
 */
export async function deriveReplaceable(
  ctx: DeriveContext,
  e: NostrEvent,
  previous: NostrEvent | undefined,
): Promise<void> {
  switch (e.kind) {
    case 3:
      return deriveContacts(ctx, e, previous);
    case 10002: {
      const relays = new Set(e.tags.filter((t) => t[0] === 'r' && t[1]).map((t) => t[1]));
      return setUserStat(ctx, e.pubkey, 'relay_count', relays.size);
    }
    case 10003:
      return deriveBookmarks(ctx, e, previous);
    case 30023:
      if (!previous) await bumpUserStats(ctx, e.pubkey, { long_form_note_count: 1 });
      return;
    case 30078:
      await ctx.tx.run(
        'INSERT INTO app_settings (pubkey, client, event, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (pubkey, client) DO UPDATE SET event = excluded.event, created_at = excluded.created_at',
        [e.pubkey, getDTag(e), JSON.stringify(e), e.created_at],
      );
      return;
    default:
      return;
  }
}

/** Kind 4: unread count for the receiver, latest message for both sides of the conversation. */
export async function deriveDirectMessage(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const receiver = e.tags.find((t) => t[0] === 'p' && isHex64(t[1]))?.[1];
  if (!receiver) return;
  const upsert = (owner: string, peer: string, cnt: number) =>
    ctx.tx.run(
      `INSERT INTO dm_counts (receiver, sender, cnt, latest_at, latest_event_id) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (receiver, sender) DO UPDATE SET cnt = dm_counts.cnt + excluded.cnt,
         latest_at = CASE WHEN excluded.latest_at >= dm_counts.latest_at THEN excluded.latest_at ELSE dm_counts.latest_at END,
         latest_event_id = CASE WHEN excluded.latest_at >= dm_counts.latest_at THEN excluded.latest_event_id ELSE dm_counts.latest_event_id END`,
      [owner, peer, cnt, e.created_at, e.id],
    );
  if (receiver === e.pubkey) {
    await upsert(receiver, e.pubkey, 0); // a note to self is never unread
    return;
  }
  await upsert(receiver, e.pubkey, 1);
  await upsert(e.pubkey, receiver, 0);
}
