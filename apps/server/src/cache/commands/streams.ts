import {
  dmCountEvent,
  notificationCountsEvent,
  NotificationType,
  resultEvent,
  ResultKind,
  type CacheEvent,
} from '@swell/cache-protocol';
import { sql } from 'kysely';
import { hex64 } from '../params.ts';
import { unreadGiftWraps } from '../queries/gift-wraps.ts';
import type { CacheRequest } from '../request.ts';
import { netStatsOf } from '../net-stats.ts';

/** Polls `compute` every `ms`, pushing when the answer changes; the first answer comes before EOSE. */
async function poll(
  req: CacheRequest,
  push: (events: CacheEvent[]) => void,
  ms: number,
  compute: () => Promise<CacheEvent>,
): Promise<() => void> {
  const first = await compute();
  req.emit(first);
  let last = JSON.stringify(first);
  let busy = false;
  const timer = setInterval(() => {
    if (busy || req.signal.aborted) return;
    busy = true;
    compute()
      .then((e) => {
        const text = JSON.stringify(e);
        if (text !== last && !req.signal.aborted) {
          last = text;
          push([e]);
        }
      })
      .catch((err: unknown) => {
        // A stream closed while its update ran: its query was cancelled, nothing failed.
        if (req.signal.aborted) return;
        req.ctx.log.warn({ err }, 'stream update failed');
      })
      .finally(() => {
        busy = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** `net_stats`: streams 10000101. */
export async function netStatsStream(
  req: CacheRequest,
  push: (e: CacheEvent[]) => void,
): Promise<() => void> {
  return poll(req, push, 1000, async () =>
    resultEvent(ResultKind.NetStats, await netStatsOf(req.ctx)),
  );
}

/** Unseen notification counts per type (every type, 0 when none). */
export async function unseenCounts(
  req: CacheRequest,
  pubkey: string,
): Promise<Record<number, number>> {
  const seen = await req.store.db
    .selectFrom('notifications_seen')
    .select('seen_until')
    .where('pubkey', '=', pubkey)
    .executeTakeFirst();
  const rows = await req.store.db
    .selectFrom('notifications')
    .select(['type', sql<number>`count(*)`.as('n')])
    .where('pubkey', '=', pubkey)
    .where('created_at', '>', Number(seen?.seen_until ?? 0))
    .groupBy('type')
    .execute();
  // every type, zero included: the event always carries its "1".."204" fields
  const counts: Record<number, number> = {};
  for (const type of Object.values(NotificationType)) counts[type] = 0;
  for (const r of rows) counts[Number(r.type)] = Number(r.n);
  return counts;
}

/** `notification_counts {pubkey}`: streams 10000112 (top-level counts per type). */
export async function notificationCountsStream(
  req: CacheRequest,
  push: (e: CacheEvent[]) => void,
): Promise<() => void> {
  const pubkey = hex64(req.payload, 'pubkey');
  return poll(req, push, 1000, async () =>
    notificationCountsEvent(pubkey, await unseenCounts(req, pubkey)),
  );
}

/**
 * `directmsg_count {pubkey}`: streams 10000117 (unread DMs in total): NIP-04 messages counted per
 * sender plus the unread NIP-17 gift wraps addressed to the user.
 */
export async function directmsgCountStream(
  req: CacheRequest,
  push: (e: CacheEvent[]) => void,
): Promise<() => void> {
  const pubkey = hex64(req.payload, 'pubkey');
  return poll(req, push, 1000, async () => {
    const row = await req.store.db
      .selectFrom('dm_counts')
      .select(sql<number>`coalesce(sum(cnt), 0)`.as('n'))
      .where('receiver', '=', pubkey)
      .executeTakeFirst();
    const wraps = await unreadGiftWraps(req.store.db, pubkey);
    return dmCountEvent(Number(row?.n ?? 0) + wraps);
  });
}
