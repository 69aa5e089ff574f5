import { resultEvent, ResultKind } from '@swell/cache-protocol';
import { sql } from 'kysely';
import { applyModeration, loadModeration } from '../moderation.ts';
import { emitPosts } from '../page.ts';
import { limitOf, optHex64, paging, type Paging, str, valuePaging } from '../params.ts';
import { userScores } from '../queries/annotations.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import { refuseRelayOnlyKinds } from '../relay-only-kinds.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import {
  asksForSomething,
  likePattern,
  parseSearchQuery,
  userRef,
  type SearchMedia,
  type SearchOrder,
  type SearchQuery,
  type SearchStat,
} from '../search-query.ts';
import { scopeAuthors } from './explore.ts';
import { emitProfiles } from './users.ts';

const MAX = Number.MAX_SAFE_INTEGER;

/** URL endings of linked media, per `filter:` (as the feeds' media patterns). */
const MEDIA_ENDINGS: Record<SearchMedia, string[]> = {
  image: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif'],
  video: ['.mp4', '.mov', '.webm', '.m3u8'],
  audio: ['.mp3', '.ogg', '.wav', '.m4a', '.flac', '.aac', '.opus'],
};

/** The event_stats column (or sum) a `min<stat>:` bounds and an `orderby:` sorts by (0 without stats). */
const STAT_SQL: Record<SearchStat | SearchOrder, ReturnType<typeof sql<number>>> = {
  score: sql<number>`coalesce(event_stats.score, 0)`,
  likes: sql<number>`coalesce(event_stats.likes, 0)`,
  zaps: sql<number>`coalesce(event_stats.zaps, 0)`,
  replies: sql<number>`coalesce(event_stats.replies, 0)`,
  reposts: sql<number>`coalesce(event_stats.reposts, 0)`,
  satszapped: sql<number>`coalesce(event_stats.satszapped, 0)`,
  interactions: sql<number>`coalesce(event_stats.likes + event_stats.replies + event_stats.reposts + event_stats.zaps, 0)`,
};

/**
 * The authors of a `scope:` (the user's, or a guest's default account's): their follows, their
 * network, or, for `notmyfollows`, the follows to leave out. Undefined: no author bound.
 */
async function scopeCircle(req: CacheRequest, q: SearchQuery): Promise<string[] | undefined> {
  if (!q.scope || q.scope === 'notifications') return undefined;
  const user = optHex64(req.payload, 'user_pubkey') ?? (await req.ctx.settings.defaultAccount());
  const circle = q.scope.startsWith('network') ? 'network' : 'follows';
  return user ? ((await scopeAuthors(req, circle, user)) ?? []) : [];
}

/** Enriched notes matching a search query (section 8 `search`), newest first, with range. */
export async function searchPosts(req: CacheRequest, query: string, p: Paging): Promise<void> {
  const q = parseSearchQuery(query, req.now);
  if (!asksForSomething(q)) throw new CacheError('invalid query');
  refuseRelayOnlyKinds(q.kinds, 'query');
  const kinds = q.kinds.length > 0 ? q.kinds : [1];
  const dialect = req.store.dialect;
  const like = dialect === 'postgres' ? 'ilike' : 'like';
  const user = optHex64(req.payload, 'user_pubkey');
  const circle = await scopeCircle(req, q);
  // from: and the circle of scope:myfollows / scope:mynetwork bound the authors
  let authors = q.authors.length > 0 ? q.authors : undefined;
  if (circle && (q.scope === 'follows' || q.scope === 'network')) {
    const inCircle = new Set(circle);
    authors = authors ? authors.filter((a) => inCircle.has(a)) : [...inCircle];
  }
  if ((authors && authors.length === 0) || (q.scope?.endsWith('interactions') && !circle?.length)) {
    await emitPosts(req, []);
    return;
  }
  let qb = req.store.db
    .selectFrom('events')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .where('events.kind', 'in', kinds)
    // an orderby: query is paged by its stat, not by time: only the query's own window applies
    .where('events.created_at', '<=', Math.min(q.orderBy ? MAX : p.until, q.until ?? MAX))
    .where('events.created_at', '>=', Math.max(q.orderBy ? 0 : p.since, q.since ?? 0));
  if (authors) qb = qb.where('events.pubkey', 'in', authors.slice(0, 10_000));
  if (q.scope === 'not-follows' && circle && circle.length > 0)
    qb = qb.where('events.pubkey', 'not in', circle.slice(0, 10_000));
  if (q.scope === 'follows-interactions' || q.scope === 'network-interactions') {
    const actors = circle!.slice(0, 10_000);
    qb = qb.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('note_actions')
          .select('note_actions.event_id')
          .whereRef('note_actions.event_id', '=', 'events.id')
          .where('note_actions.pubkey', 'in', actors),
      ),
    );
  }
  if (q.scope === 'notifications') {
    const me = user ?? (await req.ctx.settings.defaultAccount()) ?? '';
    qb = qb.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('notifications')
          .select('notifications.id')
          .whereRef('notifications.source_event_id', '=', 'events.id')
          .where('notifications.pubkey', '=', me),
      ),
    );
  }
  const tagged = (name: string, values: string[]) =>
    qb.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_tags')
          .select('event_tags.event_id')
          .whereRef('event_tags.event_id', '=', 'events.id')
          .where('event_tags.name', '=', name)
          .where('event_tags.value', 'in', values),
      ),
    );
  for (const tag of q.hashtags) qb = tagged('t', [tag]);
  if (q.mentions.length > 0) qb = tagged('p', q.mentions);
  if (q.repliesTo.length > 0) {
    // a reply (it has a parent) that tags them, as NIP-10 replies tag the parent's author
    qb = tagged('p', q.repliesTo).where(({ exists, selectFrom }) =>
      exists(
        selectFrom('threads')
          .select('threads.event_id')
          .whereRef('threads.event_id', '=', 'events.id')
          .where('threads.parent_id', 'is not', null),
      ),
    );
  }
  if (q.repliesToKinds.length > 0) {
    const parentKinds = q.repliesToKinds;
    const articles = parentKinds.filter((k) => k >= 30000 && k < 40000).map((k) => `${k}:%`);
    qb = qb.where(({ or, exists, selectFrom }) =>
      or([
        exists(
          selectFrom('threads')
            .innerJoin('events as parent', 'parent.id', 'threads.parent_id')
            .select('threads.event_id')
            .whereRef('threads.event_id', '=', 'events.id')
            .where('parent.kind', 'in', parentKinds),
        ),
        // a comment naming the article by its address (a tag) only
        ...articles.map((pattern) =>
          exists(
            selectFrom('event_tags')
              .select('event_tags.event_id')
              .whereRef('event_tags.event_id', '=', 'events.id')
              .where('event_tags.name', '=', 'a')
              .where('event_tags.value', 'like', pattern),
          ),
        ),
      ]),
    );
  }
  if (q.zappedBy.length > 0) {
    const senders = q.zappedBy;
    qb = qb.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('zaps')
          .select('zaps.receipt_id')
          .whereRef('zaps.event_id', '=', 'events.id')
          .where('zaps.sender', 'in', senders),
      ),
    );
  }
  if (q.followedBy.length > 0) {
    const followers = q.followedBy;
    qb = qb.where(({ eb, selectFrom }) =>
      eb(
        'events.pubkey',
        'in',
        selectFrom('follows').select('follows.followed').where('follows.follower', 'in', followers),
      ),
    );
  }
  if (q.media.length > 0) {
    const patterns = q.media.flatMap((m) => MEDIA_ENDINGS[m].map((end) => `%${end}%`));
    qb = qb.where(({ or, eb }) =>
      or(
        patterns.map((pattern) =>
          eb('events.content', like === 'ilike' ? 'ilike' : 'like', pattern),
        ),
      ),
    );
  }
  if (q.question) qb = qb.where(sql<boolean>`events.content like ${'%?%'}`);
  if (q.minWords !== undefined || q.maxWords !== undefined) {
    const nl = dialect === 'postgres' ? sql`chr(10)` : sql`char(10)`;
    const words = sql<number>`(length(events.content) - length(replace(replace(events.content, ${nl}, ''), ' ', '')) + 1)`;
    if (q.minWords !== undefined) qb = qb.where(sql<boolean>`${words} >= ${q.minWords}`);
    if (q.maxWords !== undefined) qb = qb.where(sql<boolean>`${words} <= ${q.maxWords}`);
  }
  for (const t of q.terms) {
    qb = qb.where(sql<boolean>`events.content ${sql.raw(like)} ${likePattern(t)} ESCAPE '\\'`);
  }
  for (const group of q.anyOf) {
    qb = qb.where(({ or }) =>
      or(
        group.map(
          (t) => sql<boolean>`events.content ${sql.raw(like)} ${likePattern(t)} ESCAPE '\\'`,
        ),
      ),
    );
  }
  for (const t of q.exclude) {
    qb = qb.where(sql<boolean>`events.content not ${sql.raw(like)} ${likePattern(t)} ESCAPE '\\'`);
  }
  const mod = await loadModeration(req.store.db, user, 'content');
  if (mod && mod.blocked.size > 0)
    qb = qb.where('events.pubkey', 'not in', [...mod.blocked].slice(0, 5000));

  const stats = Object.entries(q.minStats) as Array<[SearchStat, number]>;
  if (stats.length === 0 && !q.orderBy) {
    const rows = await qb
      .orderBy('events.created_at', 'desc')
      .orderBy('events.id', 'desc')
      .limit(p.limit)
      .offset(p.offset)
      .execute();
    await emitPosts(req, applyModeration(mod, rows.map(rowToEvent)));
    return;
  }
  // Stats bound or order the notes (a note without a stats row has none of anything).
  let ranked = qb.leftJoin('event_stats', 'event_stats.event_id', 'events.id');
  for (const [stat, min] of stats) ranked = ranked.where(sql<boolean>`${STAT_SQL[stat]} >= ${min}`);
  if (!q.orderBy) {
    const rows = await ranked
      .orderBy('events.created_at', 'desc')
      .orderBy('events.id', 'desc')
      .limit(p.limit)
      .offset(p.offset)
      .execute();
    await emitPosts(req, applyModeration(mod, rows.map(rowToEvent)));
    return;
  }
  // orderby: ranked by the stat, paged by its value (`until` = the lowest value shown)
  const value = STAT_SQL[q.orderBy];
  const vp = valuePaging(req.payload, p);
  const rows = await ranked
    .select(value.as('rank_value'))
    .where(sql<boolean>`${value} <= ${vp.until}`)
    .orderBy(value, 'desc')
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const events = applyModeration(mod, rows.map(rowToEvent));
  const byId = new Map(rows.map((r) => [r.id, Number(r.rank_value)]));
  await emitPosts(
    req,
    events,
    q.orderBy,
    events.map((e) => byId.get(e.id) ?? 0),
  );
}

/** `search {query, limit 100}`. */
export async function search(req: CacheRequest): Promise<void> {
  const query = str(req.payload, 'query', 500);
  await searchPosts(req, query, paging(req.payload, req.now, 100));
}

/** 0 when a kind 0's name, display name or NIP-05 starts with `query` (as JSON writes them). */
function namePrefixFirst(like: string, query: string) {
  const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`);
  const starts = ['name', 'display_name', 'displayName', 'nip05'].map(
    (field) =>
      sql<boolean>`events.content ${sql.raw(like)} ${`%"${field}":"${escaped}%`} ESCAPE '\\'`,
  );
  return sql<number>`CASE WHEN ${sql.join(starts, sql` OR `)} THEN 0 ELSE 1 END`;
}

/**
 * `user_search {query, limit 10, pubkey?}`: kind 0 by score, + 10000108; npub/nprofile resolves.
 * Profiles whose name, display name or NIP-05 address starts with the query come first (a
 * two-letter query matches nearly every profile's JSON, `"about"` included), then by followers.
 */
export async function userSearch(req: CacheRequest): Promise<void> {
  const query = str(req.payload, 'query', 200).trim();
  const limit = limitOf(req.payload, 10);
  const direct = userRef(query);
  let pubkeys: string[];
  if (direct) {
    pubkeys = [direct];
  } else {
    if (query === '') throw new CacheError('invalid query');
    const like = req.store.dialect === 'postgres' ? 'ilike' : 'like';
    const rows = await req.store.db
      .selectFrom('events')
      .leftJoin('user_stats', 'user_stats.pubkey', 'events.pubkey')
      .select('events.pubkey')
      .where('events.kind', '=', 0)
      .where(sql<boolean>`events.content ${sql.raw(like)} ${likePattern(query)} ESCAPE '\\'`)
      .orderBy(namePrefixFirst(like, query))
      .orderBy('user_stats.followers_count', 'desc')
      .orderBy('events.pubkey')
      .limit(limit)
      .execute();
    pubkeys = rows.map((r) => r.pubkey);
  }
  await emitProfiles(req, pubkeys);
  req.emit(resultEvent(ResultKind.UserScores, await userScores(req.store.db, pubkeys)));
}
