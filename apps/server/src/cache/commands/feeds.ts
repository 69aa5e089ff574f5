import { parseFeedSpec, type FeedSpec } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { applyModeration, loadModeration } from '../moderation.ts';
import { bool, hex64, kinds, optHex64, optStr, paging, type Paging } from '../params.ts';
import { emitPosts, emitScored } from '../page.ts';
import {
  authorsFeed,
  FEED_POST_KINDS,
  followsOf,
  globalFeed,
  idsFeed,
  MEDIA_FEED_KINDS,
  taggedFeed,
} from '../queries/feeds.ts';
import { eventsByIds, replaceableOf } from '../queries/events.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { searchPosts } from './search.ts';
import { exploreMedia, exploreZaps } from './explore.ts';
import { zapsReceived } from './reactions.ts';

async function bookmarkIds(req: CacheRequest, pubkey: string): Promise<string[]> {
  const list = (await replaceableOf(req.store.db, [pubkey], 10003)).get(pubkey);
  return (list?.tags ?? [])
    .filter((t) => t[0] === 'e' && /^[0-9a-f]{64}$/.test(t[1] ?? ''))
    .map((t) => t[1]!);
}

/**
 * Whose posts a follows feed shows: the user's follows; for a guest, or a user this server knows
 * no follow list of (the reference client asks guest feeds as its own service account), the
 * default account's follows. Undefined when neither has any: the caller shows trending instead.
 */
async function feedFollows(
  req: CacheRequest,
  user: string | undefined,
): Promise<string[] | undefined> {
  const db = req.store.db;
  const own = user ? await followsOf(db, user) : [];
  if (own.length > 0) return own;
  const fallback = await req.ctx.settings.defaultAccount();
  if (!fallback || fallback === user) return undefined;
  const theirs = await followsOf(db, fallback);
  return theirs.length > 0 ? theirs : undefined;
}

/**
 * The feed of someone without follows (see `feedFollows`): trending notes of the last 24 h, or
 * when nothing scored in that window, the latest notes of everyone. The choice depends only on
 * the window, not on the page, so paging stays in one order.
 */
async function fallbackFeed(req: CacheRequest, p: Paging): Promise<void> {
  const since = req.now - 86400;
  const scored = await req.store.db
    .selectFrom('event_stats')
    .select('event_id')
    .where('created_at', '>=', since)
    .where('score24h', '>', 0)
    .limit(1)
    .executeTakeFirst();
  if (scored) return emitScored(req, 'score24h', since, true, p);
  return runSpec(req, { id: 'all-notes', kind: 'notes' }, p);
}

/** The profile and follows variants of `feed` (cache-protocol.md section 8). */
async function profileFeed(
  req: CacheRequest,
  pubkey: string,
  notes: string,
  p: Paging,
  opts: { includeReplies: boolean; kinds?: number[]; follows?: string[] },
): Promise<void> {
  const user = optHex64(req.payload, 'user_pubkey');
  // A follows feed needs the follow list too; both lookups go out together.
  const [mod, follows] = await Promise.all([
    loadModeration(req.store.db, user, 'content'),
    notes === 'follows' ? (opts.follows ?? followsOf(req.store.db, pubkey)) : undefined,
  ]);
  const excludeAuthors = mod?.blocked;
  let posts: NostrEvent[];
  switch (notes) {
    case 'authored':
      posts = await authorsFeed(
        req.store,
        [pubkey],
        { kinds: opts.kinds ?? FEED_POST_KINDS, excludeReplies: !opts.includeReplies },
        p,
      );
      break;
    case 'replies':
      posts = await authorsFeed(req.store, [pubkey], { kinds: [1], onlyReplies: true }, p);
      break;
    case 'user_all_notes':
      posts = await authorsFeed(req.store, [pubkey], { kinds: opts.kinds ?? [1, 6, 30023] }, p);
      break;
    case 'user_media_thumbnails':
      posts = await authorsFeed(
        req.store,
        [pubkey],
        { kinds: MEDIA_FEED_KINDS, withMedia: true },
        p,
      );
      break;
    case 'bookmarks':
      posts = await idsFeed(req.store.db, await bookmarkIds(req, pubkey), p);
      break;
    case 'follows':
      posts = await authorsFeed(
        req.store,
        follows ?? [],
        {
          kinds: opts.kinds ?? FEED_POST_KINDS,
          excludeReplies: !opts.includeReplies,
          excludeAuthors,
        },
        p,
      );
      break;
    case 'zaps':
      await zapsReceived(req, pubkey, p);
      return;
    default:
      throw new CacheError('invalid notes');
  }
  // A user's own profile is shown whatever the moderation; follows feeds were filtered in SQL.
  await emitPosts(req, notes === 'follows' ? applyModeration(mod, posts) : posts);
}

export async function feed(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const notes = optStr(req.payload, 'notes', 40) ?? 'authored';
  const p = paging(req.payload, req.now, 20);
  await profileFeed(req, pubkey, notes, p, {
    includeReplies: bool(req.payload, 'include_replies', false),
    kinds: kinds(req.payload, 'kinds'),
  });
}

/** Runs a parsed feed spec with the request's paging. */
export async function runSpec(req: CacheRequest, spec: FeedSpec, p: Paging): Promise<void> {
  const user = optHex64(req.payload, 'user_pubkey');
  switch (spec.id) {
    case 'latest': {
      const follows = await feedFollows(req, user);
      if (!follows) return fallbackFeed(req, p);
      await profileFeed(req, user ?? '', 'follows', p, {
        includeReplies: spec.include_replies ?? false,
        follows,
      });
      return;
    }
    case 'all-notes': {
      const mod = await loadModeration(req.store.db, user, 'content');
      const posts = await globalFeed(
        req.store.db,
        {
          kinds: FEED_POST_KINDS,
          excludeReplies: !(spec.include_replies ?? false),
          excludeAuthors: mod?.blocked,
        },
        p,
      );
      await emitPosts(req, posts);
      return;
    }
    case 'global-trending':
      return emitScored(req, 'score24h', req.now - spec.hours * 3600, true, p);
    case 'most-zapped':
      return emitScored(req, 'satszapped', req.now - spec.hours * 3600, false, p);
    case 'feed':
      await profileFeed(req, spec.pubkey, spec.notes, p, {
        includeReplies: false,
        kinds: spec.kinds,
      });
      return;
    case 'nostr-reads-feed': {
      const mod = await loadModeration(req.store.db, user, 'content');
      await emitPosts(
        req,
        await globalFeed(req.store.db, { kinds: [30023], excludeAuthors: mod?.blocked }, p),
      );
      return;
    }
    case 'reads-topic': {
      const mod = await loadModeration(req.store.db, user, 'content');
      const topic = spec.topic.toLowerCase();
      const posts = await taggedFeed(req.store.db, 't', topic, [30023], p, mod?.blocked);
      await emitPosts(req, applyModeration(mod, posts));
      return;
    }
    case 'reads-scope': {
      const follows = await feedFollows(req, user);
      if (!follows) return runSpec(req, { id: 'nostr-reads-feed', kind: 'reads' }, p);
      if (spec.scope === 'follows') {
        await emitPosts(req, await authorsFeed(req.store, follows, { kinds: [30023] }, p));
      } else {
        await zappedByFollows(req, follows, p);
      }
      return;
    }
    case 'advsearch':
      await searchPosts(req, spec.query, p);
      return;
    case 'explore-media':
      await exploreMedia(req, p);
      return;
    case 'explore-zaps':
      await exploreZaps(req, p);
      return;
  }
}

/** Articles zapped by `follows`, by the time of the latest such zap. */
async function zappedByFollows(req: CacheRequest, follows: string[], p: Paging): Promise<void> {
  if (follows.length === 0) {
    await emitPosts(req, []);
    return;
  }
  const rows = await req.store.db
    .selectFrom('zaps')
    .innerJoin('events', 'events.id', 'zaps.event_id')
    .select(['zaps.event_id'])
    .select((eb) => eb.fn.max('zaps.created_at').as('latest'))
    .where('zaps.sender', 'in', follows)
    .where('events.kind', '=', 30023)
    .groupBy('zaps.event_id')
    .having((eb) => eb.fn.max('zaps.created_at'), '<=', p.until)
    .having((eb) => eb.fn.max('zaps.created_at'), '>=', p.since)
    .orderBy('latest', 'desc')
    .orderBy('zaps.event_id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const posts = await eventsByIds(
    req.store.db,
    rows.map((r) => r.event_id!),
  );
  await emitPosts(
    req,
    posts,
    'created_at',
    rows.map((r) => Number(r.latest)),
  );
}

export async function megaFeedDirective(req: CacheRequest): Promise<void> {
  const raw = req.payload.spec;
  const spec = parseFeedSpec(typeof raw === 'string' ? raw : '');
  if (!spec) throw new CacheError('invalid spec format');
  await runSpec(req, spec, paging(req.payload, req.now, 20));
}

/** `advanced_feed {specification}`: the same specs as mega_feed_directive. */
export async function advancedFeed(req: CacheRequest): Promise<void> {
  // a JSON string, or (as some clients send it) the spec object itself
  const spec = parseFeedSpec(req.payload.specification ?? req.payload.spec ?? '');
  if (!spec) throw new CacheError('invalid spec format');
  await runSpec(req, spec, paging(req.payload, req.now, 20));
}

/** `long_form_content_feed {pubkey?, notes?: authored|follows|zappedbyfollows, topic?}`. */
export async function longFormContentFeed(req: CacheRequest): Promise<void> {
  const p = paging(req.payload, req.now, 20);
  const pubkey = optHex64(req.payload, 'pubkey');
  const topic = optStr(req.payload, 'topic', 200);
  const notes = optStr(req.payload, 'notes', 40) ?? 'authored';
  if (topic) return runSpec(req, { id: 'reads-topic', kind: 'reads', topic }, p);
  if (!pubkey) return runSpec(req, { id: 'nostr-reads-feed', kind: 'reads' }, p);
  if (notes === 'authored') {
    await emitPosts(req, await authorsFeed(req.store, [pubkey], { kinds: [30023] }, p));
    return;
  }
  if (notes === 'follows' || notes === 'zappedbyfollows') {
    const follows = await feedFollows(req, pubkey);
    if (!follows) return runSpec(req, { id: 'nostr-reads-feed', kind: 'reads' }, p);
    if (notes === 'follows')
      await emitPosts(req, await authorsFeed(req.store, follows, { kinds: [30023] }, p));
    else await zappedByFollows(req, follows, p);
    return;
  }
  throw new CacheError('invalid notes');
}
