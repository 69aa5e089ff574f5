import type { NostrEvent } from '@swell/nostr';
import { hex64 } from '../params.ts';
import { eventsByIds, replaceableOf } from '../queries/events.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import type { CacheRequest } from '../request.ts';

const TIER_LIST = 17000;
const TIER = 37001;

/**
 * `creator_paid_tiers {pubkey}`: the creator's tier list (kind 17000) and the tiers (kind
 * 37001) it names by `e` tag; without a list, the creator's own current tiers.
 */
export async function creatorPaidTiers(req: CacheRequest): Promise<void> {
  const pubkey = hex64(req.payload, 'pubkey');
  const db = req.store.db;
  const list = (await replaceableOf(db, [pubkey], TIER_LIST)).get(pubkey);
  let tiers: NostrEvent[];
  if (list) {
    req.emit(list);
    const ids = list.tags
      .filter((t) => t[0] === 'e' && /^[0-9a-f]{64}$/.test(t[1] ?? ''))
      .map((t) => t[1]!);
    const byId = new Map((await eventsByIds(db, ids.slice(0, 100))).map((e) => [e.id, e]));
    tiers = ids.flatMap((id) => {
      const e = byId.get(id);
      return e && e.kind === TIER ? [e] : [];
    });
  } else {
    const rows = await db
      .selectFrom('replaceable_heads as h')
      .innerJoin('events as e', 'e.id', 'h.event_id')
      .select(EVENT_COLUMNS.map((c) => `e.${c}` as const))
      .where('h.pubkey', '=', pubkey)
      .where('h.kind', '=', TIER)
      .orderBy('e.created_at', 'desc')
      .limit(100)
      .execute();
    tiers = rows.map(rowToEvent);
  }
  req.emit(...tiers);
}
