import { feedRangeEvent, resultEvent, ResultKind, type DmContactInfo } from '@swell/cache-protocol';
import { rangeOf, timeRangeEvent } from '../page.ts';
import { hex64, hexList, optStr, paging } from '../params.ts';
import { proven } from '../proven-command.ts';
import { USER_EVENT } from '../user-event.ts';
import { eventsByIds } from '../queries/events.ts';
import {
  markAllGiftWrapsRead,
  markGiftWrapsRead,
  MAX_GIFT_WRAPS_PER_RESET,
} from '../queries/gift-wraps.ts';
import { followsOf } from '../queries/feeds.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { emitProfiles } from './users.ts';

/**
 * `get_directmsg_contacts {user_pubkey, relation: follows|other|any, limit, until, offset}`:
 * 10000118 + each peer's latest kind 4 + kind 0 + range (latest_at, elements = pubkeys).
 */
export async function getDirectmsgContacts(req: CacheRequest): Promise<void> {
  const user = hex64(req.payload, 'user_pubkey');
  const relation = optStr(req.payload, 'relation', 10) ?? 'any';
  if (!['follows', 'other', 'any'].includes(relation)) throw new CacheError('invalid relation');
  const p = paging(req.payload, req.now, 20);
  let q = req.store.db
    .selectFrom('dm_counts')
    .select(['sender', 'cnt', 'latest_at', 'latest_event_id'])
    .where('receiver', '=', user)
    .where('latest_at', '<=', p.until)
    .where('latest_at', '>=', p.since);
  if (relation !== 'any') {
    const follows = await followsOf(req.store.db, user);
    const list = follows.length ? follows : [''];
    q = relation === 'follows' ? q.where('sender', 'in', list) : q.where('sender', 'not in', list);
  }
  const rows = await q
    .orderBy('latest_at', 'desc')
    .orderBy('sender', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const contacts: Record<string, DmContactInfo> = {};
  for (const r of rows)
    contacts[r.sender] = {
      cnt: Number(r.cnt),
      latest_at: Number(r.latest_at),
      latest_event_id: r.latest_event_id,
    };
  req.emit(resultEvent(ResultKind.DmContacts, contacts));
  req.emit(
    ...(await eventsByIds(
      req.store.db,
      rows.map((r) => r.latest_event_id),
    )),
  );
  await emitProfiles(
    req,
    rows.map((r) => r.sender),
  );
  req.emit(
    feedRangeEvent(
      rangeOf(
        'latest_at',
        rows.map((r) => ({ id: r.sender, value: Number(r.latest_at) })),
      ),
    ),
  );
}

/** `get_directmsgs {receiver, sender, limit 20, since|until, offset}`: kind 4 both ways + range. */
export async function getDirectmsgs(req: CacheRequest): Promise<void> {
  const receiver = hex64(req.payload, 'receiver');
  const sender = hex64(req.payload, 'sender');
  const p = paging(req.payload, req.now, 20);
  const rows = await req.store.db
    .selectFrom('event_tags')
    .innerJoin('events', 'events.id', 'event_tags.event_id')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .where('event_tags.name', '=', 'p')
    .where('event_tags.kind', '=', 4)
    .where((eb) =>
      eb.or([
        eb.and([eb('event_tags.value', '=', receiver), eb('event_tags.pubkey', '=', sender)]),
        eb.and([eb('event_tags.value', '=', sender), eb('event_tags.pubkey', '=', receiver)]),
      ]),
    )
    .where('event_tags.created_at', '<=', p.until)
    .where('event_tags.created_at', '>=', p.since)
    .orderBy('event_tags.created_at', 'desc')
    .orderBy('events.id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const msgs = rows.map(rowToEvent);
  req.emit(...msgs);
  req.emit(timeRangeEvent(msgs));
}

/**
 * `reset_directmsg_count {event_from_user, sender, gift_wraps?}`: marks one conversation read.
 * NIP-17 messages hide their sender from the server, so the client names the gift wraps (kind
 * 1059 ids, at most 500) of that conversation it has read; only wraps addressed to the signer
 * change. With gift wraps the sender may be left out (only those wraps are marked read).
 */
export const resetDirectmsgCount = proven(USER_EVENT, async (req, e) => {
  const wraps =
    req.payload.gift_wraps === undefined
      ? []
      : hexList(req.payload, 'gift_wraps', MAX_GIFT_WRAPS_PER_RESET);
  // Without gift wraps the sender is required; with them it may be left out (NIP-17 only).
  const sender =
    wraps.length > 0 && req.payload.sender === undefined ? null : hex64(req.payload, 'sender');
  if (sender) {
    await req.store.db
      .updateTable('dm_counts')
      .set({ cnt: 0 })
      .where('receiver', '=', e.pubkey)
      .where('sender', '=', sender)
      .execute();
  }
  if (wraps.length > 0) await markGiftWrapsRead(req.store.db, e.pubkey, wraps);
});

/** `reset_directmsg_counts {event_from_user}`: marks every conversation read (gift wraps too). */
export const resetDirectmsgCounts = proven(USER_EVENT, async (req, e) => {
  await req.store.db
    .updateTable('dm_counts')
    .set({ cnt: 0 })
    .where('receiver', '=', e.pubkey)
    .execute();
  await markAllGiftWrapsRead(req.store.db, e.pubkey);
});
