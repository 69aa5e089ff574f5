import type { ContentStat } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { rowToEvent } from '../ingest/derive-helpers.ts';
import type { Store } from '../store/store.ts';

/** Events read per query while a backup is streamed. */
export const BACKUP_PAGE = 500;

/** How many events `pubkey` has stored here, per kind (most first). */
export async function contentStats(
  store: Pick<Store, 'db'>,
  pubkey: string,
): Promise<ContentStat[]> {
  const rows = await store.db
    .selectFrom('events')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('cnt')])
    .where('pubkey', '=', pubkey)
    .groupBy('kind')
    .execute();
  return rows
    .map((r) => ({ kind: Number(r.kind), cnt: Number(r.cnt) }))
    .sort((a, b) => b.cnt - a.cnt || a.kind - b.kind);
}

/** Where a paged walk over a member's events stands: the last event given. */
export interface BackupCursor {
  kind: number;
  created_at: number;
  id: string;
}

/** The cursor after `e`. */
export const cursorAfter = (e: NostrEvent): BackupCursor => ({
  kind: e.kind,
  created_at: e.created_at,
  id: e.id,
});

/** How many events of `pubkey` (of `kinds`, when given) are stored. */
export async function countEvents(
  store: Pick<Store, 'db'>,
  pubkey: string,
  kinds: readonly number[] | undefined,
): Promise<number> {
  let q = store.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pubkey', '=', pubkey);
  if (kinds && kinds.length > 0) q = q.where('kind', 'in', [...kinds]);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/**
 * Every event of `pubkey` (of `kinds`, when given), by kind and newest first within a kind, page
 * by page (keyset paging along the (pubkey, kind, created_at) index, so memory stays flat and no
 * page sorts however many there are), from after `opts.after` when given. Stops early when
 * `signal` aborts.
 */
export async function* backupEvents(
  store: Pick<Store, 'db'>,
  pubkey: string,
  kinds: readonly number[] | undefined,
  signal?: AbortSignal,
  opts: { after?: BackupCursor; pageSize?: number } = {},
): AsyncGenerator<NostrEvent[]> {
  let after = opts.after;
  const pageSize = opts.pageSize ?? BACKUP_PAGE;
  for (;;) {
    if (signal?.aborted) return;
    let q = store.db
      .selectFrom('events')
      .select(['id', 'pubkey', 'created_at', 'kind', 'tags', 'content', 'sig'])
      .where('pubkey', '=', pubkey);
    if (kinds && kinds.length > 0) q = q.where('kind', 'in', [...kinds]);
    if (after) {
      const a = after;
      q = q.where((eb) =>
        eb.or([
          eb('kind', '>', a.kind),
          eb.and([eb('kind', '=', a.kind), eb('created_at', '<', a.created_at)]),
          eb.and([
            eb('kind', '=', a.kind),
            eb('created_at', '=', a.created_at),
            eb('id', '>', a.id),
          ]),
        ]),
      );
    }
    const rows = await q
      .orderBy('kind')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    const events = rows.map(rowToEvent);
    yield events;
    if (rows.length < pageSize) return;
    const last = events[events.length - 1]!;
    after = { kind: last.kind, created_at: last.created_at, id: last.id };
  }
}
