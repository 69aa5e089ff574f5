import type { SqlExec } from '../store/sql.ts';

export const EVENT_STAT_COLUMNS = [
  'likes',
  'replies',
  'mentions',
  'reposts',
  'zaps',
  'satszapped',
  'score',
  'score24h',
  'bookmarks',
] as const;
export type EventStatColumn = (typeof EVENT_STAT_COLUMNS)[number];

export const USER_STAT_DELTA_COLUMNS = [
  'followers_count',
  'note_count',
  'long_form_note_count',
  'reply_count',
  'total_zap_count',
  'total_satszapped',
  'media_count',
] as const;
export type UserStatDeltaColumn = (typeof USER_STAT_DELTA_COLUMNS)[number];

const ROWS = 100;

interface StatRow {
  deltas: Partial<Record<EventStatColumn, number>>;
  created_at: number;
  pubkey: string;
}

/**
 * Writes whose results nothing in the batch reads back (counter deltas, notifications, thread
 * rows) are gathered here during a batch and written at its end with a few multi-row
 * statements, inside the same transaction. Counters are summed per row first.
 */
export class PendingWrites {
  private readonly eventStats = new Map<string, StatRow>();
  private readonly userStats = new Map<string, Partial<Record<UserStatDeltaColumn, number>>>();
  private readonly notifications = new Map<string, unknown[]>();
  private readonly threads = new Map<string, unknown[]>();

  addEventStats(eventId: string, deltas: Partial<Record<EventStatColumn, number>>): void {
    let row = this.eventStats.get(eventId);
    if (!row) this.eventStats.set(eventId, (row = { deltas: {}, created_at: 0, pubkey: '' }));
    for (const [k, v] of Object.entries(deltas) as Array<[EventStatColumn, number]>) {
      row.deltas[k] = (row.deltas[k] ?? 0) + v;
    }
  }

  /** The event's own created_at and author on its stats row. */
  describeEvent(eventId: string, createdAt: number, pubkey: string): void {
    this.addEventStats(eventId, {});
    const row = this.eventStats.get(eventId)!;
    row.created_at = createdAt;
    row.pubkey = pubkey;
  }

  addUserStats(pubkey: string, deltas: Partial<Record<UserStatDeltaColumn, number>>): void {
    let row = this.userStats.get(pubkey);
    if (!row) this.userStats.set(pubkey, (row = {}));
    for (const [k, v] of Object.entries(deltas) as Array<[UserStatDeltaColumn, number]>) {
      row[k] = (row[k] ?? 0) + v;
    }
  }

  /** A notifications row: id, pubkey, created_at, type, actor, source_event_id, subject_event_id, data. */
  addNotification(row: unknown[]): void {
    const id = row[0] as string;
    if (!this.notifications.has(id)) this.notifications.set(id, row);
  }

  /** Drops queued notifications caused by an event (its deletion arrived in the same batch). */
  dropNotificationsFrom(sourceEventId: string): void {
    for (const [id, row] of this.notifications)
      if (row[5] === sourceEventId) this.notifications.delete(id);
  }

  /** A threads row: event_id, parent_id, root_id, pubkey, kind, created_at. */
  addThread(row: unknown[]): void {
    this.threads.set(row[0] as string, row);
  }

  dropThread(eventId: string): void {
    this.threads.delete(eventId);
  }

  private static async insert(
    tx: SqlExec,
    table: string,
    columns: readonly string[],
    rows: unknown[][],
    suffix: string,
  ): Promise<void> {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    for (let i = 0; i < rows.length; i += ROWS) {
      const part = rows.slice(i, i + ROWS);
      await tx.run(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => tuple).join(', ')} ${suffix}`,
        part.flat(),
      );
    }
  }

  /** Writes everything gathered and empties the buffers. */
  async flush(tx: SqlExec): Promise<void> {
    if (this.threads.size) {
      await PendingWrites.insert(
        tx,
        'threads',
        ['event_id', 'parent_id', 'root_id', 'pubkey', 'kind', 'created_at'],
        [...this.threads.values()],
        'ON CONFLICT (event_id) DO NOTHING',
      );
    }
    if (this.eventStats.size) {
      const cols = [...EVENT_STAT_COLUMNS];
      const rows = [...this.eventStats].map(([id, r]) => [
        id,
        ...cols.map((c) => r.deltas[c] ?? 0),
        r.created_at,
        r.pubkey,
      ]);
      await PendingWrites.insert(
        tx,
        'event_stats',
        ['event_id', ...cols, 'created_at', 'pubkey'],
        rows,
        `ON CONFLICT (event_id) DO UPDATE SET ${cols.map((c) => `${c} = event_stats.${c} + excluded.${c}`).join(', ')},
         created_at = CASE WHEN excluded.created_at > 0 THEN excluded.created_at ELSE event_stats.created_at END,
         pubkey = CASE WHEN excluded.pubkey <> '' THEN excluded.pubkey ELSE event_stats.pubkey END`,
      );
    }
    if (this.userStats.size) {
      const cols = [...USER_STAT_DELTA_COLUMNS];
      const rows = [...this.userStats].map(([pk, r]) => [pk, ...cols.map((c) => r[c] ?? 0)]);
      await PendingWrites.insert(
        tx,
        'user_stats',
        ['pubkey', ...cols],
        rows,
        `ON CONFLICT (pubkey) DO UPDATE SET ${cols.map((c) => `${c} = user_stats.${c} + excluded.${c}`).join(', ')}`,
      );
    }
    if (this.notifications.size) {
      await PendingWrites.insert(
        tx,
        'notifications',
        [
          'id',
          'pubkey',
          'created_at',
          'type',
          'actor',
          'source_event_id',
          'subject_event_id',
          'data',
        ],
        [...this.notifications.values()],
        'ON CONFLICT (id) DO NOTHING',
      );
    }
    this.eventStats.clear();
    this.userStats.clear();
    this.notifications.clear();
    this.threads.clear();
  }
}
