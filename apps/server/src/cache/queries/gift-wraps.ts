import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { chunked } from './rows.ts';

type Db = Kysely<Database>;

/** Most gift wrap ids one request may mark read. */
export const MAX_GIFT_WRAPS_PER_RESET = 500;

/** Unread gift wraps (kind 1059) addressed to `receiver` that are still stored. */
export async function unreadGiftWraps(db: Db, receiver: string): Promise<number> {
  const row = await db
    .selectFrom('dm_gift_wraps as g')
    .innerJoin('events as e', 'e.id', 'g.wrap_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('g.receiver', '=', receiver)
    .where('g.is_read', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Marks these wraps read for `receiver`. Only the receiver's own wraps change; an id not stored
 * yet is remembered as read (the sender's own copy, marked as it is sent).
 */
export async function markGiftWrapsRead(
  db: Db,
  receiver: string,
  ids: readonly string[],
): Promise<void> {
  for (const part of chunked([...new Set(ids)], 100)) {
    await db
      .insertInto('dm_gift_wraps')
      .values(part.map((id) => ({ wrap_id: id, receiver, received_at: 0, is_read: 1 })))
      .onConflict((oc) =>
        oc
          .column('wrap_id')
          .doUpdateSet({ is_read: 1 })
          .where('dm_gift_wraps.receiver', '=', receiver),
      )
      .execute();
  }
}

/** Marks every gift wrap addressed to `receiver` read. */
export async function markAllGiftWrapsRead(db: Db, receiver: string): Promise<void> {
  await db
    .updateTable('dm_gift_wraps')
    .set({ is_read: 1 })
    .where('receiver', '=', receiver)
    .where('is_read', '=', 0)
    .execute();
}
