import {
  feedRangeEvent,
  resultEvent,
  ResultKind,
  type FollowerIncrease,
} from '@swell/cache-protocol';
import { sql } from 'kysely';
import { pageExtras } from '../enrich.ts';
import { applyModeration, loadModeration } from '../moderation.ts';
import { emitPosts, emitScored, rangeOf } from '../page.ts';
import { hex64, int, limitOf, optHex64, paging, type Paging, str, valuePaging } from '../params.ts';
import {
  authorsFeed,
  followsOf,
  globalFeed,
  MEDIA_FEED_KINDS,
  type ScoreColumn,
} from '../queries/feeds.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { zapsOf } from './reactions.ts';
import { emitProfiles } from './users.ts';

const TIMEFRAMES: Record<string, ScoreColumn | 'created_at'> = {
  latest: 'created_at',
  trending: 'score24h',
  popular: 'score',
  mostzapped: 'satszapped',
};

/** The authors of a scope for `user` (undefined = everyone). */
export async function scopeAuthors(
  req: CacheRequest,
  scope: string,
  user: string | undefined,
): Promise<string[] | undefined> {
  if (scope === 'global') return undefined;
  if (!user) throw new CacheError('invalid user_pubkey');
  const db = req.store.db;
  const follows = await followsOf(db, user);
  if (scope === 'follows') return follows;
  if (scope === 'tribe') {
    const followers = await db
      .selectFrom('follows')
      .select('follower')
      .where('followed', '=', user)
      .limit(5000)
      .execute();
    return [...new Set([...follows, ...followers.map((r) => r.follower)])];
  }
  if (scope === 'network') {
    if (follows.length === 0) return [];
    const second = await db
      .selectFrom('follows')
      .select('followed')
      .distinct()
      .where('follower', 'in', follows.slice(0, 2000))
      .limit(10000)
      .execute();
    return [...new Set([...follows, ...second.map((r) => r.followed)])];
  }
  throw new CacheError('invalid scope');
}

/** `explore {timeframe, scope, limit, created_after, until}`. */
export async function explore(req: CacheRequest): Promise<void> {
  const timeframe = str(req.payload, 'timeframe', 20);
  const scope = str(req.payload, 'scope', 20);
  const order = TIMEFRAMES[timeframe];
  if (!order) throw new CacheError('invalid timeframe');
  if (!['follows', 'tribe', 'network', 'global'].includes(scope))
    throw new CacheError('invalid scope');
  const user = optHex64(req.payload, 'user_pubkey');
  const p = paging(req.payload, req.now, 20);
  const createdAfter = int(
    req.payload,
    'created_after',
    order === 'score24h' ? req.now - 86400 : 0,
    0,
  );
  const authors = await scopeAuthors(req, scope, user);
  if (order === 'created_at') {
    const mod = await loadModeration(req.store.db, user, 'content');
    const f = { kinds: [1], excludeReplies: true, excludeAuthors: mod?.blocked };
    const q = { ...p, since: Math.max(p.since, createdAfter) };
    const posts = authors
      ? await authorsFeed(req.store, authors, f, q)
      : await globalFeed(req.store.db, f, q);
    await emitPosts(req, posts);
    return;
  }
  await emitScored(req, order, createdAfter, order === 'score24h', p, authors);
}

/** `scored {selector}`: trending_24h/12h/4h/1h and mostzapped_24h/12h/4h/1h. */
export async function scored(req: CacheRequest): Promise<void> {
  const selector = str(req.payload, 'selector', 40);
  const m = /^(trending|mostzapped)_(\d+)h$/.exec(selector);
  if (!m || ![1, 4, 12, 24, 48, 168].includes(Number(m[2])))
    throw new CacheError('invalid selector');
  const column: ScoreColumn = m[1] === 'trending' ? 'score24h' : 'satszapped';
  // one page, no paging: the whole window
  const p: Paging = {
    limit: limitOf(req.payload, 20),
    since: 0,
    until: Number.MAX_SAFE_INTEGER,
    offset: 0,
  };
  await emitScored(req, column, req.now - Number(m[2]) * 3600, column === 'score24h', p);
}

/** `scored_users_24h`: authors whose notes scored most in 24 h (kind 0 + 10000108). */
export async function scoredUsers24h(req: CacheRequest): Promise<void> {
  const rows = await req.store.db
    .selectFrom('event_stats')
    .select(['pubkey', sql<number>`sum(score24h)`.as('total')])
    .where('created_at', '>=', req.now - 86400)
    .where('pubkey', '!=', '')
    .groupBy('pubkey')
    .orderBy('total', 'desc')
    .limit(limitOf(req.payload, 20))
    .execute();
  const pubkeys = rows.map((r) => r.pubkey);
  await emitProfiles(req, pubkeys);
  const scores: Record<string, number> = {};
  for (const r of rows) scores[r.pubkey] = Number(r.total);
  req.emit(resultEvent(ResultKind.UserScores, scores));
}

/** Windows `explore_people` tries in turn until one has new follows: a day, a week, a month, all time. */
const PEOPLE_WINDOWS = [86400, 7 * 86400, 30 * 86400, Infinity];

/**
 * `explore_people`: users gaining the most followers in the last 24 h (10000157 + kind 0, range
 * by increase). When the last day has no new follows the window widens (7 days, 30 days, all
 * time), so a quiet server still shows people.
 */
export async function explorePeople(req: CacheRequest): Promise<void> {
  const p = paging(req.payload, req.now, 10);
  const untilIncrease = valuePaging(req.payload, p).until;
  const db = req.store.db;
  let after = 0;
  for (const window of PEOPLE_WINDOWS) {
    after = window === Infinity ? 0 : req.now - window;
    const any = await db
      .selectFrom('follows')
      .select('followed')
      .where('created_at', '>=', after)
      .limit(1)
      .executeTakeFirst();
    if (any) break;
  }
  const inc = sql<number>`count(*)`;
  const rows = await db
    .selectFrom('follows')
    .select(['followed', inc.as('increase')])
    .where('created_at', '>=', after)
    .groupBy('followed')
    .having(inc, '<=', untilIncrease)
    .having(inc, '>=', p.since)
    .orderBy('increase', 'desc')
    .orderBy('followed', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const pubkeys = rows.map((r) => r.followed);
  const counts = await db
    .selectFrom('user_stats')
    .select(['pubkey', 'followers_count'])
    .where('pubkey', 'in', pubkeys.length ? pubkeys : [''])
    .execute();
  const countOf = new Map(counts.map((c) => [c.pubkey, Number(c.followers_count)]));
  const increase: Record<string, FollowerIncrease> = {};
  for (const r of rows) {
    const count = countOf.get(r.followed) ?? Number(r.increase);
    const before = Math.max(1, count - Number(r.increase));
    increase[r.followed] = {
      increase: Number(r.increase),
      ratio: Number(r.increase) / before,
      count,
    };
  }
  await emitProfiles(req, pubkeys);
  req.emit(resultEvent(ResultKind.FollowerIncrease, increase));
  req.emit(...(await pageExtras(req, pubkeys)));
  req.emit(
    feedRangeEvent(
      rangeOf(
        'increase',
        rows.map((r) => ({ id: r.followed, value: Number(r.increase) })),
      ),
    ),
  );
}

/** Latest zaps of everyone (explore_zaps and the explore-zaps spec): receipt + target + 10000129. */
export async function exploreZaps(req: CacheRequest, p: Paging): Promise<void> {
  await zapsOf(req, undefined, '', p);
}

/**
 * Latest notes with images or videos, picture posts and video events (explore_media and the
 * explore-media spec).
 */
export async function exploreMedia(req: CacheRequest, p: Paging): Promise<void> {
  const user = optHex64(req.payload, 'user_pubkey');
  const mod = await loadModeration(req.store.db, user, 'content');
  const posts = await globalFeed(
    req.store.db,
    { kinds: MEDIA_FEED_KINDS, withMedia: true, excludeAuthors: mod?.blocked },
    p,
  );
  await emitPosts(req, applyModeration(mod, posts));
}

export async function exploreZapsCommand(req: CacheRequest): Promise<void> {
  await exploreZaps(req, paging(req.payload, req.now, 20));
}

export async function exploreMediaCommand(req: CacheRequest): Promise<void> {
  await exploreMedia(req, paging(req.payload, req.now, 20));
}

/** `explore_topics`: hashtags of the last 24 h with counts (10000160). */
export async function exploreTopics(req: CacheRequest): Promise<void> {
  const rows = await req.store.db
    .selectFrom('event_tags')
    .select(['value', sql<number>`count(*)`.as('n')])
    .where('name', '=', 't')
    .where('kind', '=', 1)
    .where('created_at', '>=', req.now - 86400)
    .groupBy('value')
    .orderBy('n', 'desc')
    .limit(limitOf(req.payload, 50))
    .execute();
  const topics: Record<string, number> = {};
  for (const r of rows) topics[r.value] = Number(r.n);
  req.emit(resultEvent(ResultKind.TopicStats, topics));
}

/**
 * `explore_legend_counts {pubkey}` -> 10000102 (top-level pubkey): how many people the user
 * follows, their inner network (follows and followers) and outer network (follows and the
 * follows of follows): the sizes of the explore scopes follows, tribe and network.
 */
export async function exploreLegendCounts(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const [follows, tribe, network] = await Promise.all([
    scopeAuthors(req, 'follows', pubkey),
    scopeAuthors(req, 'tribe', pubkey),
    scopeAuthors(req, 'network', pubkey),
  ]);
  const size = (list: string[] | undefined) => new Set(list).size;
  req.emit(
    resultEvent(
      ResultKind.LegendCounts,
      {
        your_follows: size(follows),
        your_inner_network: size(tribe),
        your_outer_network: size(network),
      },
      { pubkey },
    ),
  );
}
