import { resultEvent, ResultKind, type AdvancedFeed } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { feedAnnouncements, feedCatalogue, type CatalogueFeed } from '../feed-catalogue.ts';
import { hex64, optHex64, optStr, str } from '../params.ts';
import { noteStats } from '../queries/annotations.ts';
import { addressable } from '../queries/events.ts';
import { followsOf } from '../queries/feeds.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { emitProfiles } from './users.ts';

/** Who liked a feed announcement (kind 7 with its `a` coordinate). */
async function likersOf(req: CacheRequest, e: NostrEvent): Promise<string[]> {
  const d = e.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  const rows = await req.store.db
    .selectFrom('event_tags')
    .select('pubkey')
    .distinct()
    .where('name', '=', 'a')
    .where('value', '=', `${e.kind}:${e.pubkey}:${d}`)
    .where('kind', '=', 7)
    .limit(10_000)
    .execute();
  return rows.map((r) => r.pubkey);
}

/**
 * One announcement with what the reference client shows beside it: the author's kind 0, stats
 * (likes, sats zapped), the followed users who liked it (10000156) and the user's own like
 * (10000115) when `user_pubkey` is given, and 10000159 (what it gives: notes or reads).
 */
async function emitFeed(
  req: CacheRequest,
  event: NostrEvent,
  kind: 'notes' | 'reads',
  follows: ReadonlySet<string> | undefined,
): Promise<void> {
  const user = optHex64(req.payload, 'user_pubkey');
  const [likers, stats] = await Promise.all([
    likersOf(req, event),
    noteStats(req.store.db, [event.id]),
  ]);
  req.emit(event);
  const s = stats.get(event.id);
  req.emit(
    resultEvent(ResultKind.NoteStats, {
      event_id: event.id,
      likes: Math.max(likers.length, s?.likes ?? 0),
      replies: s?.replies ?? 0,
      mentions: s?.mentions ?? 0,
      reposts: s?.reposts ?? 0,
      zaps: s?.zaps ?? 0,
      satszapped: s?.satszapped ?? 0,
      score: s?.score ?? 0,
      score24h: s?.score24h ?? 0,
      bookmarks: s?.bookmarks ?? 0,
    }),
  );
  if (user) {
    req.emit(
      resultEvent(ResultKind.NoteActions, {
        event_id: event.id,
        liked: likers.includes(user),
        replied: false,
        reposted: false,
        zapped: false,
      }),
    );
    req.emit(
      resultEvent(ResultKind.DvmFollowsActions, {
        event_id: event.id,
        users: likers.filter((p) => follows?.has(p)).slice(0, 20),
      }),
    );
  }
  req.emit(resultEvent(ResultKind.DvmFeedMetadata, { event_id: event.id, kind, is_primal: false }));
}

async function userFollows(req: CacheRequest): Promise<Set<string> | undefined> {
  const user = optHex64(req.payload, 'user_pubkey');
  return user ? new Set(await followsOf(req.store.db, user)) : undefined;
}

async function announcements(req: CacheRequest) {
  return feedAnnouncements(await req.ctx.settings.feedServiceKey());
}

/**
 * `get_featured_dvm_feeds {kind?, user_pubkey?}`: the feeds this server computes, announced as
 * DVM-style feeds (kind 31990, `k` 5300, the spec in `primal_spec`), of one kind or all.
 */
export async function getFeaturedDvmFeeds(req: CacheRequest): Promise<void> {
  const kind = optStr(req.payload, 'kind', 20);
  if (kind !== undefined && kind !== 'notes' && kind !== 'reads')
    throw new CacheError('invalid kind');
  const { profile, feeds } = await announcements(req);
  const follows = await userFollows(req);
  req.emit(profile);
  for (const f of feeds)
    if (!kind || f.feed.kind === kind) await emitFeed(req, f.event, f.feed.kind, follows);
}

/**
 * `dvm_feed_info {pubkey, identifier, user_pubkey?}`: one of this server's feeds, or a kind
 * 31990 announcement of someone else that this server stores (shown, not computed).
 */
export async function dvmFeedInfo(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const identifier = str(req.payload, 'identifier', 200);
  const { profile, feeds } = await announcements(req);
  const follows = await userFollows(req);
  const own =
    pubkey === profile.pubkey ? feeds.find((f) => f.feed.identifier === identifier) : undefined;
  if (own) {
    req.emit(profile);
    await emitFeed(req, own.event, own.feed.kind, follows);
    return;
  }
  const stored = await addressable(req.store.db, pubkey, 31990, identifier);
  if (!stored) return;
  await emitProfiles(req, [pubkey]);
  const tagged = stored.tags.find((t) => t[0] === 't' && (t[1] === 'notes' || t[1] === 'reads'));
  await emitFeed(req, stored, tagged?.[1] === 'reads' ? 'reads' : 'notes', follows);
}

function advancedFeedOf(f: CatalogueFeed): AdvancedFeed {
  return {
    id: f.identifier,
    name: f.name,
    description: f.description,
    specification: f.spec,
    category: f.kind,
  };
}

/** `get_advanced_feeds` -> one 10000150: the feeds this server computes, with their specs. */
export async function getAdvancedFeeds(req: CacheRequest): Promise<void> {
  req.emit(resultEvent(ResultKind.AdvancedFeeds, feedCatalogue.map(advancedFeedOf)));
}
