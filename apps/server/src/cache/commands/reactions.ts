import { feedRangeEvent, resultEvent, ResultKind, type TopZap } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { pageExtras } from '../enrich.ts';
import { emitPosts, rangeOf, timeRangeEvent } from '../page.ts';
import { hex64, int, optHex64, optStr, paging, valuePaging, type Paging } from '../params.ts';
import { addressable, eventsByIds } from '../queries/events.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { emitProfiles } from './users.ts';

/** The target of event_actions / note_mentions / zaps: an event id, or pubkey + identifier. */
async function target(req: CacheRequest): Promise<{ id: string; values: string[] }> {
  const id = optHex64(req.payload, 'event_id');
  if (id) return { id, values: [id] };
  const pubkey = optHex64(req.payload, 'pubkey');
  const identifier = optStr(req.payload, 'identifier', 1000);
  if (!pubkey || identifier === undefined) throw new CacheError('invalid event_id');
  const kind = 30023;
  const coord = `${kind}:${pubkey}:${identifier}`;
  const e = await addressable(req.store.db, pubkey, kind, identifier);
  return { id: e?.id ?? coord, values: e ? [e.id, coord] : [coord] };
}

interface ZapRow {
  receipt_id: string;
  sender: string;
  receiver: string;
  event_id: string | null;
  amount_sats: number;
  created_at: number;
  message: string;
}

/** Emits zaps: receipt, target event, 10000129, both users' kind 0, and the range. */
async function emitZaps(
  req: CacheRequest,
  rows: ZapRow[],
  orderBy: 'created_at' | 'amount_sats',
): Promise<void> {
  const receipts = new Map(
    (
      await eventsByIds(
        req.store.db,
        rows.map((r) => r.receipt_id),
      )
    ).map((e) => [e.id, e]),
  );
  const targets = new Map(
    (
      await eventsByIds(
        req.store.db,
        rows.flatMap((r) => (r.event_id ? [r.event_id] : [])),
      )
    ).map((e) => [e.id, e]),
  );
  const users = [...new Set(rows.flatMap((r) => [r.sender, r.receiver]).filter(Boolean))];
  const sentTargets = new Set<string>();
  for (const r of rows) {
    const receipt = receipts.get(r.receipt_id);
    if (receipt) req.emit(receipt);
    const t = r.event_id ? targets.get(r.event_id) : undefined;
    if (t && !sentTargets.has(t.id)) {
      sentTargets.add(t.id);
      req.emit(t);
    }
    const zap: TopZap = {
      event_id: r.event_id ?? '',
      created_at: Number(r.created_at),
      sender: r.sender,
      receiver: r.receiver,
      amount_sats: Number(r.amount_sats),
      zap_receipt_id: r.receipt_id,
      message: r.message,
    };
    req.emit(resultEvent(ResultKind.TopZap, zap));
  }
  await emitProfiles(req, users);
  req.emit(...(await pageExtras(req, users)));
  req.emit(
    feedRangeEvent(
      rangeOf(
        orderBy,
        rows.map((r) => ({
          id: r.receipt_id,
          value: orderBy === 'created_at' ? Number(r.created_at) : Number(r.amount_sats),
        })),
      ),
    ),
  );
}

const ZAP_COLUMNS = [
  'receipt_id',
  'sender',
  'receiver',
  'event_id',
  'amount_sats',
  'created_at',
  'message',
] as const;

/** `user_zaps_sent {sender, limit, until, offset}`. */
export async function userZapsSent(req: CacheRequest): Promise<void> {
  const sender = hex64(req.payload, 'sender');
  await zapsOf(req, 'sender', sender, paging(req.payload, req.now, 20));
}

/** Zaps a user received (the profile's zaps tab: `feed {notes: "zaps"}`), newest first. */
export async function zapsReceived(req: CacheRequest, receiver: string, p: Paging): Promise<void> {
  await zapsOf(req, 'receiver', receiver, p);
}

/**
 * A page of zaps, newest first, ties by receipt id: those one user sent or received, or
 * (without `side`) everyone's (explore_zaps).
 */
export async function zapsOf(
  req: CacheRequest,
  side: 'sender' | 'receiver' | undefined,
  pubkey: string,
  p: Paging,
): Promise<void> {
  let q = req.store.db.selectFrom('zaps').select(ZAP_COLUMNS);
  if (side) q = q.where(side, '=', pubkey);
  const rows = await q
    .where('created_at', '<=', p.until)
    .where('created_at', '>=', p.since)
    .orderBy('created_at', 'desc')
    .orderBy('receipt_id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  await emitZaps(req, rows, 'created_at');
}

/** `event_zaps_by_satszapped {event_id | pubkey+identifier, limit, until, offset}`: biggest first. */
export async function eventZapsBySatszapped(req: CacheRequest): Promise<void> {
  const t = await target(req);
  const p = paging(req.payload, req.now, 20);
  const untilSats = valuePaging(req.payload, p).until;
  let q = req.store.db.selectFrom('zaps').select(ZAP_COLUMNS);
  q =
    t.values.length > 1
      ? q.where((eb) =>
          eb.or([eb('event_id', '=', t.values[0]!), eb('coordinate', '=', t.values[1]!)]),
        )
      : q.where('event_id', '=', t.id);
  const rows = await q
    .where('amount_sats', '<=', untilSats)
    .where('amount_sats', '>=', p.since)
    .orderBy('amount_sats', 'desc')
    .orderBy('receipt_id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  await emitZaps(req, rows, 'amount_sats');
}

/** `event_actions {event_id | pubkey+identifier, kind 7|6|9735, limit, offset}`. */
export async function eventActions(req: CacheRequest): Promise<void> {
  const t = await target(req);
  const kind = int(req.payload, 'kind', 7, 0, 65535);
  if (kind !== 7 && kind !== 6 && kind !== 9735 && kind !== 16)
    throw new CacheError('invalid kind');
  const p = paging(req.payload, req.now, 20);
  // Zaps rank by amount and page by it (until = the smallest amount shown), as
  // event_zaps_by_satszapped does; this branch filtered created_at by that amount.
  if (kind === 9735) return eventZapsBySatszapped(req);
  // A reaction to an article carries both its e and its a tag: one row per reaction, or the
  // limit and the offset count it twice.
  const tagged = await req.store.db
    .selectFrom('event_tags')
    .select(['event_tags.event_id', 'event_tags.created_at'])
    .distinct()
    .where('event_tags.name', 'in', ['e', 'a'])
    .where('event_tags.value', 'in', t.values)
    .where('event_tags.kind', '=', kind)
    .where('event_tags.created_at', '<=', p.until)
    .where('event_tags.created_at', '>=', p.since)
    .orderBy('event_tags.created_at', 'desc')
    .orderBy('event_tags.event_id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const actions = await eventsByIds(
    req.store.db,
    tagged.map((r) => r.event_id),
  );
  for (const e of actions) req.emit(e);
  const actors = [...new Set(actions.map((e) => e.pubkey))];
  await emitProfiles(req, actors);
  req.emit(...(await pageExtras(req, actors)));
  req.emit(timeRangeEvent(actions));
}

function dedupe(events: NostrEvent[]): NostrEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
}

/** Notes quoting an event: q tags, or e tags that are not its replies. */
async function quotes(
  req: CacheRequest,
  ids: string[],
  p: Paging | undefined,
): Promise<NostrEvent[]> {
  let q = req.store.db
    .selectFrom('event_tags')
    .innerJoin('events', 'events.id', 'event_tags.event_id')
    .leftJoin('threads', 'threads.event_id', 'events.id')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .where('event_tags.name', 'in', ['q', 'e'])
    .where('event_tags.value', 'in', ids)
    .where('event_tags.kind', '=', 1)
    .where((eb) =>
      eb.or([
        eb('event_tags.name', '=', 'q'),
        eb.and([
          eb.or([eb('threads.parent_id', 'is', null), eb('threads.parent_id', 'not in', ids)]),
          eb.or([eb('threads.root_id', 'is', null), eb('threads.root_id', 'not in', ids)]),
        ]),
      ]),
    )
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id', 'desc');
  if (p) {
    q = q
      .where('events.created_at', '<=', p.until)
      .where('events.created_at', '>=', p.since)
      .limit(p.limit * 2 + p.offset);
  }
  const all = dedupe((await q.execute()).map(rowToEvent));
  return p ? all.slice(p.offset, p.offset + p.limit) : all;
}

/** `note_mentions {event_id | pubkey+identifier, limit, offset}`: quotes, enriched, with range. */
export async function noteMentions(req: CacheRequest): Promise<void> {
  const t = await target(req);
  const p = paging(req.payload, req.now, 20);
  await emitPosts(req, await quotes(req, t.values, p));
}

/** `note_mentions_count {event_id}` -> 10000143. */
export async function noteMentionsCount(req: CacheRequest): Promise<void> {
  const id = hex64(req.payload, 'event_id');
  const all = await quotes(req, [id], undefined);
  req.emit(resultEvent(ResultKind.QuoteCount, { event_id: id, count: all.length }));
}
