import { resultEvent, ResultKind, userRelaysEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { pageExtras } from '../enrich.ts';
import { mediaInfoOf } from '../media-info.ts';
import { knownMediaOf } from '../../media/known-media.ts';
import { loadModeration, type Moderation } from '../moderation.ts';
import { emitPosts } from '../page.ts';
import { bool, hex64, hexList, limitOf, optHex64, str } from '../params.ts';
import { addressable, replaceableOf } from '../queries/events.ts';
import { followerCounts, userStatsOf } from '../queries/users.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import type { CacheRequest } from '../request.ts';

/** Kind 0 of each pubkey (with profile media), in the given order. */
export async function emitProfiles(
  req: CacheRequest,
  pubkeys: readonly string[],
): Promise<NostrEvent[]> {
  const profiles = await req.ctx.profiles.get(req.store.db, pubkeys);
  const known = await knownMediaOf(req.ctx.media, profiles.values());
  const out: NostrEvent[] = [];
  for (const p of pubkeys) {
    const e = profiles.get(p);
    if (!e) continue;
    out.push(e);
    req.emit(e);
    const media = mediaInfoOf(e, req.baseUrl, known);
    if (media) req.emit(resultEvent(ResultKind.MediaInfo, media));
  }
  return out;
}

/** `user_infos {pubkeys}`: kind 0 + 10000108 + 10000133 + 10000158. */
export async function userInfos(req: CacheRequest): Promise<void> {
  const pubkeys = hexList(req.payload, 'pubkeys', 1000);
  const [, counts] = await Promise.all([
    emitProfiles(req, pubkeys),
    followerCounts(req.store.db, pubkeys),
  ]);
  req.emit(resultEvent(ResultKind.FollowerCounts, counts));
  req.emit(...(await pageExtras(req, pubkeys)));
}

/** `user_profile {pubkey}`: kind 0 + 10000105 (+ 10000131 when user_pubkey's moderation blocks it). */
export async function userProfile(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  await emitProfiles(req, [pubkey]);
  const stats = await userStatsOf(req.store.db, [pubkey]);
  req.emit(resultEvent(ResultKind.UserStats, stats.get(pubkey)!));
  const user = optHex64(req.payload, 'user_pubkey');
  const mod = await loadModeration(req.store.db, user, 'content');
  emitFilteringReason(req, mod, pubkey);
  req.emit(...(await pageExtras(req, [pubkey])));
}

/** The distinct valid pubkeys of a list's `p` tags, the first `max` of them. */
function taggedPubkeys(list: NostrEvent, max: number): string[] {
  const tagged = list.tags.filter((t) => t[0] === 'p' && /^[0-9a-f]{64}$/.test(t[1] ?? ''));
  return [...new Set(tagged.map((t) => t[1]!))].slice(0, max);
}

/** `contact_list {pubkey, extended_response}`: the kind 3 (+ followed users' kind 0). */
export async function contactList(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const contacts = (await replaceableOf(req.store.db, [pubkey], 3)).get(pubkey);
  if (!contacts) return;
  req.emit(contacts);
  if (bool(req.payload, 'extended_response', false)) {
    const followed = taggedPubkeys(contacts, 2000);
    await emitProfiles(req, followed);
    req.emit(resultEvent(ResultKind.FollowerCounts, await followerCounts(req.store.db, followed)));
    req.emit(...(await pageExtras(req, followed)));
  }
}

/** `is_user_following {pubkey, user_pubkey}` -> 10000125. */
export async function isUserFollowing(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const user = hex64(req.payload, 'user_pubkey');
  const row = await req.store.db
    .selectFrom('follows')
    .select('followed')
    .where('follower', '=', user)
    .where('followed', '=', pubkey)
    .executeTakeFirst();
  req.emit(resultEvent(ResultKind.IsFollowing, row !== undefined));
}

/** `user_followers {pubkey, limit}`: up to 200 followers, most followed first. */
export async function userFollowers(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const limit = limitOf(req.payload, 200, 200);
  const rows = await req.store.db
    .selectFrom('follows')
    .leftJoin('user_stats', 'user_stats.pubkey', 'follows.follower')
    .select(['follows.follower'])
    .where('follows.followed', '=', pubkey)
    .orderBy('user_stats.followers_count', 'desc')
    .orderBy('follows.follower')
    .limit(limit)
    .execute();
  const followers = rows.map((r) => r.follower);
  await emitProfiles(req, followers);
  req.emit(resultEvent(ResultKind.FollowerCounts, await followerCounts(req.store.db, followers)));
  req.emit(...(await pageExtras(req, followers)));
}

/** `user_profile_scored_content {pubkey, limit 5}`: the author's best notes by score. */
export async function userProfileScoredContent(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const limit = limitOf(req.payload, 5);
  const rows = await req.store.db
    .selectFrom('event_stats')
    .innerJoin('events', 'events.id', 'event_stats.event_id')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .select('event_stats.score')
    .where('event_stats.pubkey', '=', pubkey)
    .where('events.kind', '=', 1)
    .orderBy('event_stats.score', 'desc')
    .orderBy('events.id', 'desc')
    .limit(limit)
    .execute();
  await emitPosts(
    req,
    rows.map(rowToEvent),
    'score',
    rows.map((r) => Number(r.score)),
  );
}

/** `user_profile_followed_by {pubkey, user_pubkey, limit 5}`: people user follows who follow pubkey. */
export async function userProfileFollowedBy(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const user = hex64(req.payload, 'user_pubkey');
  const limit = limitOf(req.payload, 5);
  const rows = await req.store.db
    .selectFrom('follows as mine')
    .innerJoin('follows as theirs', 'theirs.follower', 'mine.followed')
    .leftJoin('user_stats', 'user_stats.pubkey', 'mine.followed')
    .select('mine.followed')
    .where('mine.follower', '=', user)
    .where('theirs.followed', '=', pubkey)
    .orderBy('user_stats.followers_count', 'desc')
    .orderBy('mine.followed')
    .limit(limit)
    .execute();
  const pubkeys = rows.map((r) => r.followed);
  await emitProfiles(req, pubkeys);
  req.emit(...(await pageExtras(req, pubkeys)));
}

/** `get_user_relays {pubkey}` -> 10000139 from the user's kind 10002. */
export async function getUserRelays(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const list = (await replaceableOf(req.store.db, [pubkey], 10002)).get(pubkey);
  const tags = (list?.tags ?? []).filter((t) => t[0] === 'r' && typeof t[1] === 'string');
  req.emit(userRelaysEvent(pubkey, tags));
}

async function listWithUsers(req: CacheRequest, list: NostrEvent | undefined): Promise<void> {
  if (!list) return;
  req.emit(list);
  if (bool(req.payload, 'extended_response', true)) {
    const pubkeys = taggedPubkeys(list, 1000);
    await emitProfiles(req, pubkeys);
  }
}

/** `mutelist {pubkey}`: kind 10000 + the muted users' kind 0. */
export async function mutelist(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  await listWithUsers(req, (await replaceableOf(req.store.db, [pubkey], 10000)).get(pubkey));
}

/** `mutelists {pubkey}`: the filter lists (30000 d=mutelists) + their users' kind 0. */
export async function mutelists(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  await listWithUsers(req, await addressable(req.store.db, pubkey, 30000, 'mutelists'));
}

/** `allowlist {pubkey}`: 30000 d=allowlist + users' kind 0. */
export async function allowlist(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  await listWithUsers(req, await addressable(req.store.db, pubkey, 30000, 'allowlist'));
}

/**
 * `parameterized_replaceable_list {pubkey, identifier, extended_response}`: the user's list
 * (kind 30000) with that `d` identifier (the /mutelist page) + the listed users' kind 0.
 */
export async function parameterizedReplaceableList(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const identifier = str(req.payload, 'identifier', 1000);
  await listWithUsers(req, await addressable(req.store.db, pubkey, 30000, identifier));
}

/** `get_bookmarks {pubkey}`: the kind 10003 list. */
export async function getBookmarks(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const list = (await replaceableOf(req.store.db, [pubkey], 10003)).get(pubkey);
  if (list) req.emit(list);
}

/** 10000131 when `pubkey` is filtered for the user: their own mute list, or a filter list's owner. */
function emitFilteringReason(req: CacheRequest, mod: Moderation | undefined, pubkey: string): void {
  const why = mod?.reason.get(pubkey);
  if (!why) return;
  req.emit(
    resultEvent(
      ResultKind.FilteringReason,
      why === 'mutelist' ? { action: 'block', pubkey } : { action: 'block', pubkey, group: why },
    ),
  );
}

/** `search_filterlist {pubkey, user_pubkey?}` -> 10000131 when the pubkey is filtered. */
export async function searchFilterlist(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const user = optHex64(req.payload, 'user_pubkey');
  const mod = await loadModeration(req.store.db, user, 'content');
  emitFilteringReason(req, mod, pubkey);
}
