import { resultEvent, ResultKind, type Notification } from '@swell/cache-protocol';
import { enrichPosts } from '../enrich.ts';
import { timeRangeEvent } from '../page.ts';
import { hex64, paging } from '../params.ts';
import { proven } from '../proven-command.ts';
import { USER_EVENT } from '../user-event.ts';
import { eventsByIds } from '../queries/events.ts';
import { userStatsOf } from '../queries/users.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { emitProfiles } from './users.ts';

const GROUPS: Record<string, number[] | undefined> = {
  all: undefined,
  zaps: [3, 101, 201],
  replies: [6, 104, 204, 301],
  mentions: [7, 8],
  reposts: [5, 103, 203],
  likes: [4, 102, 202],
  follows: [1, 2],
};

const HEX64 = /^[0-9a-f]{64}$/;

/** `get_notifications {pubkey, type_group, limit, since|until, offset}`. */
export async function getNotifications(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const group = typeof req.payload.type_group === 'string' ? req.payload.type_group : 'all';
  if (!(group in GROUPS)) throw new CacheError('invalid type_group');
  const types = GROUPS[group];
  const p = paging(req.payload, req.now, 20);
  let q = req.store.db
    .selectFrom('notifications')
    .selectAll()
    .where('pubkey', '=', pubkey)
    .where('created_at', '<=', p.until)
    .where('created_at', '>=', p.since);
  if (types) q = q.where('type', 'in', types);
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const actors = new Set<string>();
  const postIds = new Set<string>();
  const items: Notification[] = rows.map((r) => {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(r.data) as Record<string, unknown>;
    } catch {
      data = {};
    }
    actors.add(r.actor);
    if (r.subject_event_id) postIds.add(r.subject_event_id);
    for (const v of Object.values(data)) {
      if (typeof v === 'string' && HEX64.test(v) && v !== r.actor && v !== r.pubkey) postIds.add(v);
    }
    return {
      ...data,
      id: r.id,
      pubkey: r.pubkey,
      created_at: Number(r.created_at),
      type: Number(r.type),
    };
  });
  actors.delete('');
  const posts = await eventsByIds(req.store.db, [...postIds]);
  for (const n of items) req.emit(resultEvent(ResultKind.Notification, n));
  await emitProfiles(req, [...actors]);
  const stats = await userStatsOf(req.store.db, [...actors]);
  for (const s of stats.values()) req.emit(resultEvent(ResultKind.UserStats, s));
  req.emit(...(await enrichPosts(req, posts)));
  req.emit(timeRangeEvent(items));
}

/** `get_notifications_seen {pubkey}` -> 10000111. */
export async function getNotificationsSeen(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const row = await req.store.db
    .selectFrom('notifications_seen')
    .select('seen_until')
    .where('pubkey', '=', pubkey)
    .executeTakeFirst();
  req.emit(resultEvent(ResultKind.NotificationsSeen, Number(row?.seen_until ?? 0)));
}

/** `set_notifications_seen {event_from_user}`: seen until the signed event's created_at. */
export const setNotificationsSeen = proven(USER_EVENT, async (req, e) => {
  const seen = Math.min(e.created_at, req.now + 60);
  await req.store.db
    .insertInto('notifications_seen')
    .values({ pubkey: e.pubkey, seen_until: seen })
    .onConflict((oc) => oc.column('pubkey').doUpdateSet({ seen_until: seen }))
    .execute();
});
