import { feedRangeEvent, referencedEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { enrichPosts } from '../enrich.ts';
import { applyModeration, loadModeration } from '../moderation.ts';
import { emitPosts, rangeOf, timeRangeEvent } from '../page.ts';
import { bool, hex64, hexList, int, optHex64, paging, str } from '../params.ts';
import { addressable, eventsByIds } from '../queries/events.ts';
import { globalFeed } from '../queries/feeds.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import { CacheError, type CacheRequest } from '../request.ts';

/** Parent chain of a note, oldest first, ending with the note itself (at most 50 up). */
async function parentChain(req: CacheRequest, event: NostrEvent): Promise<NostrEvent[]> {
  const chain = [event];
  const seen = new Set([event.id]);
  let current = event.id;
  for (let i = 0; i < 50; i++) {
    const row = await req.store.db
      .selectFrom('threads')
      .select('parent_id')
      .where('event_id', '=', current)
      .executeTakeFirst();
    const parent = row?.parent_id;
    if (!parent || seen.has(parent)) break;
    seen.add(parent);
    const [e] = await eventsByIds(req.store.db, [parent]);
    if (!e) break;
    chain.unshift(e);
    current = parent;
  }
  return chain;
}

/**
 * `thread_view {event_id, limit 100}`: the parent chain (oldest first, with the event) and a page
 * of its direct replies (newest first), each enriched with its own range.
 */
export async function threadView(req: CacheRequest): Promise<void> {
  const id = hex64(req.payload, 'event_id');
  const p = paging(req.payload, req.now, 100);
  const [event] = await eventsByIds(req.store.db, [id]);
  if (!event) {
    req.emit(feedRangeEvent({ order_by: 'created_at', elements: [] }));
    return;
  }
  const user = optHex64(req.payload, 'user_pubkey');
  const mod = await loadModeration(req.store.db, user, 'content');
  const chain = await parentChain(req, event);
  // Filtered and ordered on the thread row's own copy of pubkey and created_at, so the walk
  // follows the (parent_id, created_at) index and stops at the limit (a popular note has
  // thousands of replies: 0.9 ms against 9.6 ms per page at 1,000,000 events).
  let replyQuery = req.store.db
    .selectFrom('threads')
    .innerJoin('events', 'events.id', 'threads.event_id')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .where('threads.parent_id', '=', id);
  // Muted authors are left out before the limit: a page of only them would end the walk.
  if (mod && mod.blocked.size > 0)
    replyQuery = replyQuery.where('threads.pubkey', 'not in', [...mod.blocked].slice(0, 5000));
  const replyRows = await replyQuery
    .where('threads.created_at', '<=', p.until)
    .where('threads.created_at', '>=', p.since)
    .orderBy('threads.created_at', 'desc')
    .orderBy('threads.event_id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const replies = applyModeration(mod, replyRows.map(rowToEvent));
  req.emit(...(await enrichPosts(req, chain, { pageExtras: false })));
  req.emit(timeRangeEvent(chain));
  await emitPosts(req, replies);
}

/** `events {event_ids, extended_response}`: raw events, or enriched when extended. */
export async function events(req: CacheRequest): Promise<void> {
  const ids = hexList(req.payload, 'event_ids');
  if (ids.length === 0) return recentEvents(req);
  const found = await eventsByIds(req.store.db, ids);
  if (bool(req.payload, 'extended_response', false)) req.emit(...(await enrichPosts(req, found)));
  else req.emit(...found);
}

/** Public post kinds `events` with no ids answers with (never private ones such as DMs). */
const RECENT_KINDS = [1, 6, 16, 20, 30023];

/**
 * `events {event_ids: []}`: the most recent public posts (limit 20, since/until/offset paging),
 * raw, or enriched with a range when `extended_response` (the reference answers recent events
 * too; its web client sends an empty list from the messages screen).
 */
async function recentEvents(req: CacheRequest): Promise<void> {
  const p = paging(req.payload, req.now, 20);
  const posts = await globalFeed(req.store.db, { kinds: RECENT_KINDS }, p);
  if (bool(req.payload, 'extended_response', false)) await emitPosts(req, posts);
  else req.emit(...posts);
}

function identifierOf(req: CacheRequest): { pubkey: string; kind: number; identifier: string } {
  return {
    pubkey: hex64(req.payload, 'pubkey'),
    kind: int(req.payload, 'kind', 30023, 30000, 39999),
    identifier: str(req.payload, 'identifier', 1000),
  };
}

/**
 * `long_form_content_thread_view {pubkey, identifier, kind}`: the article and its replies, kind 1
 * replies and every NIP-22 comment (1111) of its discussion (top-level and replies to comments,
 * by their root or parent tags), newest first.
 */
export async function longFormThreadView(req: CacheRequest): Promise<void> {
  const { pubkey, kind, identifier } = identifierOf(req);
  const p = paging(req.payload, req.now, 100);
  const article = await addressable(req.store.db, pubkey, kind, identifier);
  if (!article) {
    req.emit(feedRangeEvent({ order_by: 'created_at', elements: [] }));
    return;
  }
  const coord = `${kind}:${pubkey}:${identifier}`;
  const rows = await req.store.db
    .selectFrom('event_tags')
    .select('event_id')
    .where('name', 'in', ['a', 'e', 'A', 'E'])
    .where('value', 'in', [coord, article.id])
    .where('kind', 'in', [1, 1111])
    .where('created_at', '<=', p.until)
    .where('created_at', '>=', p.since)
    .orderBy('created_at', 'desc')
    .limit(p.limit + p.offset)
    .execute();
  const ids = [...new Set(rows.map((r) => r.event_id))].slice(p.offset, p.offset + p.limit);
  const replies = await eventsByIds(req.store.db, ids);
  req.emit(...(await enrichPosts(req, [article], { pageExtras: false })));
  req.emit(feedRangeEvent(rangeOf('created_at', [{ id: article.id, value: article.created_at }])));
  await emitPosts(req, replies);
}

/** `parametrized_replaceable_event {pubkey, kind, identifier, extended_response}`. */
export async function parametrizedReplaceableEvent(req: CacheRequest): Promise<void> {
  const { pubkey, kind, identifier } = identifierOf(req);
  const e = await addressable(req.store.db, pubkey, kind, identifier);
  if (!e) return;
  if (bool(req.payload, 'extended_response', true)) req.emit(...(await enrichPosts(req, [e])));
  else req.emit(e);
}

/** `parametrized_replaceable_events {events: [{pubkey, kind, identifier}]}`. */
export async function parametrizedReplaceableEvents(req: CacheRequest): Promise<void> {
  const list = req.payload.events;
  if (!Array.isArray(list) || list.length > 100) throw new CacheError('invalid events');
  const found: NostrEvent[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) throw new CacheError('invalid events');
    const o = item as Record<string, unknown>;
    const pubkey = hex64(o, 'pubkey');
    const kind = int(o, 'kind', 30023, 30000, 39999);
    const identifier = str(o, 'identifier', 1000);
    const e = await addressable(req.store.db, pubkey, kind, identifier);
    if (e) found.push(e);
  }
  if (bool(req.payload, 'extended_response', true)) req.emit(...(await enrichPosts(req, found)));
  else req.emit(...found);
}

/** `get_highlights {pubkey, identifier, kind}`: 9802 highlights of an article. */
export async function getHighlights(req: CacheRequest): Promise<void> {
  const { pubkey, kind, identifier } = identifierOf(req);
  const p = paging(req.payload, req.now, 100);
  const coord = `${kind}:${pubkey}:${identifier}`;
  const rows = await req.store.db
    .selectFrom('event_tags')
    .select('event_id')
    .where('name', '=', 'a')
    .where('value', '=', coord)
    .where('kind', '=', 9802)
    .where('created_at', '<=', p.until)
    .orderBy('created_at', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const highlights = await eventsByIds(
    req.store.db,
    rows.map((r) => r.event_id),
  );
  const article = await addressable(req.store.db, pubkey, kind, identifier);
  if (article) req.emit(referencedEvent(article));
  await emitPosts(req, highlights);
}
