import type { NetStats } from '@swell/cache-protocol';
import { parseZapReceipt, type NostrEvent } from '@swell/nostr';
import { sql } from 'kysely';
import type { ServerContext } from '../context.ts';
import type { Store } from '../store/store.ts';

/** Full recount interval; between recounts live events keep the numbers current. */
const RECOUNT_MS = 10 * 60_000;

interface Tracker {
  value: NetStats | undefined;
  counting: Promise<void> | undefined;
  countedAt: number;
}

const trackers = new WeakMap<Store, Tracker>();

async function count(store: Store): Promise<NetStats> {
  const db = store.db;
  const n = async (kind?: number) => {
    let q = db.selectFrom('events').select(sql<number>`count(*)`.as('n'));
    if (kind !== undefined) q = q.where('kind', '=', kind);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  };
  const zaps = await db
    .selectFrom('zaps')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount_sats), 0)`.as('s')])
    .executeTakeFirst();
  const users = await db
    .selectFrom('user_stats')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return {
    users: Number(users?.n ?? 0),
    pubkeys: await n(0),
    pubnotes: await n(1),
    reactions: await n(7),
    reposts: await n(6),
    any: await n(),
    zaps: Number(zaps?.n ?? 0),
    satszapped: Number(zaps?.s ?? 0),
  };
}

function apply(v: NetStats, e: NostrEvent): void {
  v.any++;
  if (e.kind === 0) v.pubkeys++;
  else if (e.kind === 1) v.pubnotes++;
  else if (e.kind === 7) v.reactions++;
  else if (e.kind === 6) v.reposts++;
  else if (e.kind === 9735) {
    const z = parseZapReceipt(e);
    if (z) {
      v.zaps++;
      v.satszapped += z.sats;
    }
  }
}

/**
 * Network counters (10000101): counted once (and every 10 minutes), kept current in between
 * from the live bus, so a net_stats stream costs nothing per push.
 */
export async function netStatsOf(ctx: ServerContext): Promise<NetStats> {
  let t = trackers.get(ctx.store);
  if (!t) {
    const tracker: Tracker = { value: undefined, counting: undefined, countedAt: 0 };
    t = tracker;
    trackers.set(ctx.store, tracker);
    ctx.live.subscribe((e) => {
      if (tracker.value) apply(tracker.value, e);
    });
  }
  const tracker = t;
  if (!tracker.counting && Date.now() - tracker.countedAt > RECOUNT_MS) {
    tracker.counting = count(ctx.store)
      .then((v) => {
        tracker.value = v;
        tracker.countedAt = Date.now();
      })
      .finally(() => {
        tracker.counting = undefined;
      });
  }
  if (!tracker.value) await tracker.counting;
  return { ...tracker.value! };
}
