import type { NostrEvent } from '@swell/nostr';
import { sql } from 'kysely';
import { hex64, limitOf, optHex64 } from '../params.ts';
import { byCoordinates, eventsByIds, replaceableOf } from '../queries/events.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import type { CacheRequest } from '../request.ts';

const TIER_LIST = 17000;
const TIER = 37001;
const SUBSCRIBE = 7001;
const UNSUBSCRIBE = 7002;
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * `creator_paid_tiers {pubkey}`: the creator's tier list (kind 17000) and, in its order, the
 * current tiers (kind 37001, NIP-88) it names by `e` tag (that version) or `a` tag
 * (`37001:<creator>:<d>`, the current version); without a list, every current tier of the
 * creator, oldest first. Only the creator's own tiers. The reference client reads each tier's
 * `title` (else the content), content, `amount` tags `[amount, unit, cadence]` and `perk` tags.
 */
export async function creatorPaidTiers(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const db = req.store.db;
  const list = (await replaceableOf(db, [pubkey], TIER_LIST)).get(pubkey);
  let tiers: NostrEvent[];
  if (list) {
    req.emit(list);
    const named = list.tags
      .filter(
        (t) =>
          (t[0] === 'e' && HEX64.test(t[1] ?? '')) ||
          (t[0] === 'a' && (t[1] ?? '').startsWith(`${TIER}:${pubkey}:`)),
      )
      .slice(0, 100);
    const ids = named.filter((t) => t[0] === 'e').map((t) => t[1]!);
    const coords = named.filter((t) => t[0] === 'a').map((t) => t[1]!);
    const byId = new Map((await eventsByIds(db, ids)).map((e) => [e.id, e]));
    const byCoord = new Map(
      (await byCoordinates(db, coords)).map((e) => [
        `${e.kind}:${e.pubkey}:${e.tags.find((t) => t[0] === 'd')?.[1] ?? ''}`,
        e,
      ]),
    );
    const seen = new Set<string>();
    tiers = named.flatMap((t) => {
      const e = t[0] === 'e' ? byId.get(t[1]!) : byCoord.get(t[1]!);
      if (!e || e.kind !== TIER || e.pubkey !== pubkey || seen.has(e.id)) return [];
      seen.add(e.id);
      return [e];
    });
  } else {
    const rows = await db
      .selectFrom('replaceable_heads as h')
      .innerJoin('events as e', 'e.id', 'h.event_id')
      .select(EVENT_COLUMNS.map((c) => `e.${c}` as const))
      .where('h.pubkey', '=', pubkey)
      .where('h.kind', '=', TIER)
      .orderBy('e.created_at')
      .orderBy('e.id')
      .limit(100)
      .execute();
    tiers = rows.map(rowToEvent);
  }
  req.emit(...tiers);
}

/**
 * `author_subscriptions {pubkey, creator?, limit?}` (ours): the subscriptions of `pubkey` that
 * are on (NIP-88: their kind 7001 events, of `creator` when given, newest first, that no kind
 * 7002 of theirs ended); each names the creator (`p`), the tier (`e`) and the cost (`amount`).
 */
export async function authorSubscriptions(req: CacheRequest): Promise<void> {
  const subscriber = hex64(req.payload, 'pubkey');
  const creator = optHex64(req.payload, 'creator');
  const limit = Math.min(limitOf(req.payload, 100), 100);
  let q = req.store.db
    .selectFrom('events')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .where('events.pubkey', '=', subscriber)
    .where('events.kind', '=', SUBSCRIBE)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('event_tags')
            .select('event_tags.event_id')
            .where('event_tags.name', '=', 'e')
            .whereRef('event_tags.value', '=', 'events.id')
            .where('event_tags.kind', '=', UNSUBSCRIBE)
            .where('event_tags.pubkey', '=', subscriber),
        ),
      ),
    );
  if (creator)
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_tags')
          .select('event_tags.event_id')
          .whereRef('event_tags.event_id', '=', 'events.id')
          .where('event_tags.name', '=', 'p')
          .where('event_tags.value', '=', creator),
      ),
    );
  const rows = await q
    .orderBy('events.created_at', 'desc')
    .orderBy(sql`events.id`, 'desc')
    .limit(limit)
    .execute();
  req.emit(...rows.map(rowToEvent));
}
