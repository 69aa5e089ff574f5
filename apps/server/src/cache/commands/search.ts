import { resultEvent, ResultKind } from '@swell/cache-protocol';
import { sql } from 'kysely';
import { applyModeration, loadModeration } from '../moderation.ts';
import { emitPosts } from '../page.ts';
import { limitOf, optHex64, paging, type Paging, str } from '../params.ts';
import { userScores } from '../queries/annotations.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import { refuseRelayOnlyKinds } from '../relay-only-kinds.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { likePattern, parseSearchQuery, userRef } from '../search-query.ts';
import { scopeAuthors } from './explore.ts';
import { emitProfiles } from './users.ts';

/** Enriched notes matching a search query (section 8 `search`), newest first, with range. */
export async function searchPosts(req: CacheRequest, query: string, p: Paging): Promise<void> {
  const q = parseSearchQuery(query);
  if (
    q.terms.length === 0 &&
    q.hashtags.length === 0 &&
    q.authors.length === 0 &&
    q.kinds.length === 0
  )
    throw new CacheError('invalid query');
  refuseRelayOnlyKinds(q.kinds, 'query');
  const kinds = q.kinds.length > 0 ? q.kinds : [1];
  const like = req.store.dialect === 'postgres' ? 'ilike' : 'like';
  const user = optHex64(req.payload, 'user_pubkey');
  // scope:myfollows / scope:mynetwork: the user's (a guest's: the default account's) circle.
  let authors = q.authors.length > 0 ? q.authors : undefined;
  if (q.scope) {
    const circle = await scopeAuthors(
      req,
      q.scope,
      user ?? (await req.ctx.settings.defaultAccount()),
    );
    const inCircle = new Set(circle);
    authors = authors ? authors.filter((a) => inCircle.has(a)) : [...inCircle];
    if (authors.length === 0) {
      await emitPosts(req, []);
      return;
    }
  }
  let qb = req.store.db
    .selectFrom('events')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .where('events.kind', 'in', kinds)
    .where('events.created_at', '<=', Math.min(p.until, q.until ?? Infinity))
    .where('events.created_at', '>=', Math.max(p.since, q.since ?? 0));
  if (authors) qb = qb.where('events.pubkey', 'in', authors.slice(0, 10_000));
  for (const tag of q.hashtags) {
    qb = qb.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_tags')
          .select('event_tags.event_id')
          .whereRef('event_tags.event_id', '=', 'events.id')
          .where('event_tags.name', '=', 't')
          .where('event_tags.value', '=', tag),
      ),
    );
  }
  for (const term of q.terms) {
    qb = qb.where(sql<boolean>`events.content ${sql.raw(like)} ${likePattern(term)} ESCAPE '\\'`);
  }
  for (const term of q.exclude) {
    qb = qb.where(
      sql<boolean>`events.content not ${sql.raw(like)} ${likePattern(term)} ESCAPE '\\'`,
    );
  }
  const mod = await loadModeration(req.store.db, user, 'content');
  if (mod && mod.blocked.size > 0)
    qb = qb.where('events.pubkey', 'not in', [...mod.blocked].slice(0, 5000));
  const rows = await qb
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  await emitPosts(req, applyModeration(mod, rows.map(rowToEvent)));
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
