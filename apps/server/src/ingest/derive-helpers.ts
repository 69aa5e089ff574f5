import type { NostrEvent } from '@swell/nostr';
import type { SqlExec } from '../store/sql.ts';
import type { PendingWrites, UserStatDeltaColumn } from './pending-writes.ts';

/** What every derivation step receives: the open transaction and "now". */
export interface DeriveContext {
  tx: SqlExec;
  now: number;
  /** When present, counter deltas, notifications and thread rows are written at batch end. */
  pending?: PendingWrites;
}

/** Most rows in one multi-row statement. */
const ROWS_PER_STATEMENT = 100;

/**
 * Inserts many rows with multi-row VALUES statements (one round trip per 100 rows instead of
 * one per row). `suffix` is appended (ON CONFLICT ..., RETURNING ...); rows returned by
 * RETURNING are collected.
 */
export async function insertMany<T = unknown>(
  ctx: DeriveContext,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  suffix = '',
): Promise<T[]> {
  const out: T[] = [];
  const tuple = `(${new Array<string>(columns.length).fill('?').join(', ')})`;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT);
    const text = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${new Array<string>(part.length).fill(tuple).join(', ')} ${suffix}`;
    const params = part.flat();
    if (/\bRETURNING\b/i.test(suffix)) out.push(...(await ctx.tx.all<T>(text, params)));
    else await ctx.tx.run(text, params);
  }
  return out;
}

type EventStatColumn =
  | 'likes'
  | 'replies'
  | 'mentions'
  | 'reposts'
  | 'zaps'
  | 'satszapped'
  | 'score'
  | 'score24h'
  | 'bookmarks';

type UserStatColumn = UserStatDeltaColumn;

function upsertAdd(table: string, key: string, columns: string[]): string {
  const cols = [key, ...columns].join(', ');
  const values = new Array<string>(columns.length + 1).fill('?').join(', ');
  const set = columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  return `INSERT INTO ${table} (${cols}) VALUES (${values}) ON CONFLICT (${key}) DO UPDATE SET ${set}`;
}

/** Adds the deltas to an event's stats row (created if missing). */
export async function bumpEventStats(
  ctx: DeriveContext,
  eventId: string,
  deltas: Partial<Record<EventStatColumn, number>>,
): Promise<void> {
  if (ctx.pending) return ctx.pending.addEventStats(eventId, deltas);
  const cols = Object.keys(deltas) as EventStatColumn[];
  if (cols.length === 0) return;
  await ctx.tx.run(upsertAdd('event_stats', 'event_id', cols), [
    eventId,
    ...cols.map((c) => deltas[c]),
  ]);
}

/** Adds the deltas to a user's stats row (created if missing). */
export async function bumpUserStats(
  ctx: DeriveContext,
  pubkey: string,
  deltas: Partial<Record<UserStatColumn, number>>,
): Promise<void> {
  if (ctx.pending) return ctx.pending.addUserStats(pubkey, deltas);
  const cols = Object.keys(deltas) as UserStatColumn[];
  if (cols.length === 0) return;
  await ctx.tx.run(upsertAdd('user_stats', 'pubkey', cols), [
    pubkey,
    ...cols.map((c) => deltas[c]),
  ]);
}

/** Sets absolute values on a user's stats row. */
export async function setUserStat(
  ctx: DeriveContext,
  pubkey: string,
  column: 'follows_count' | 'relay_count',
  value: number,
): Promise<void> {
  await ctx.tx.run(
    `INSERT INTO user_stats (pubkey, ${column}) VALUES (?, ?) ON CONFLICT (pubkey) DO UPDATE SET ${column} = excluded.${column}`,
    [pubkey, value],
  );
}

export type NoteAction = 'liked' | 'replied' | 'reposted' | 'zapped' | 'quoted';

/** Sets a user's action flag on a note; true when it is the user's first such action. */
export async function markAction(
  ctx: DeriveContext,
  pubkey: string,
  eventId: string,
  action: NoteAction,
): Promise<boolean> {
  const inserted = await ctx.tx.run(
    `INSERT INTO note_actions (pubkey, event_id, ${action}) VALUES (?, ?, 1) ON CONFLICT (pubkey, event_id) DO NOTHING`,
    [pubkey, eventId],
  );
  if (inserted > 0) return true;
  const changed = await ctx.tx.run(
    `UPDATE note_actions SET ${action} = 1 WHERE pubkey = ? AND event_id = ? AND ${action} = 0`,
    [pubkey, eventId],
  );
  return changed > 0;
}

export type ScoreAction = 'like' | 'repost' | 'quote' | 'zap' | 'reply';

/** Points of a reply by its length (cache-protocol.md section 6). */
export function replyPoints(content: string): number {
  const n = [...content].length;
  return n <= 20 ? 1 : n <= 100 ? 5 : 10;
}

export const SCORE_POINTS: Record<Exclude<ScoreAction, 'reply'>, number> = {
  like: 1,
  repost: 7,
  quote: 7,
  zap: 5,
};

/**
 * Adds a user's first action of a kind on a note to score (and to score24h while the action
 * is less than 24 h old). Repeated actions add nothing.
 */
export async function addScore(
  ctx: DeriveContext,
  eventId: string,
  actor: string,
  action: ScoreAction,
  points: number,
  createdAt: number,
): Promise<void> {
  const fresh = createdAt > ctx.now - 86_400;
  const inserted = await ctx.tx.run(
    'INSERT INTO score_points (event_id, actor, action, points, created_at, expired) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id, actor, action) DO NOTHING',
    [eventId, actor, action, points, createdAt, fresh ? 0 : 1],
  );
  if (inserted === 0) return;
  await bumpEventStats(
    ctx,
    eventId,
    fresh ? { score: points, score24h: points } : { score: points },
  );
}

/** Stores a notification once (its id is deterministic). Self-notifications are dropped. */
export async function notify(
  ctx: DeriveContext,
  receiver: string | undefined,
  type: number,
  actor: string,
  source: NostrEvent,
  subjectEventId: string | null,
  data: Record<string, unknown>,
): Promise<void> {
  if (!receiver || receiver === actor) return;
  const row = [
    `${type}:${source.id}:${receiver}`,
    receiver,
    source.created_at,
    type,
    actor,
    source.id,
    subjectEventId,
    JSON.stringify(data),
  ];
  if (ctx.pending) return ctx.pending.addNotification(row);
  await ctx.tx.run(
    'INSERT INTO notifications (id, pubkey, created_at, type, actor, source_event_id, subject_event_id, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    row,
  );
}

interface EventRow {
  id: string;
  pubkey: string;
  created_at: number;
  kind: number;
  tags: string;
  content: string;
  sig: string;
}

export function rowToEvent(row: EventRow): NostrEvent {
  return {
    id: row.id,
    pubkey: row.pubkey,
    created_at: Number(row.created_at),
    kind: Number(row.kind),
    tags: JSON.parse(row.tags) as string[][],
    content: row.content,
    sig: row.sig,
  };
}

/** A stored event by id, or undefined. */
export async function findEvent(ctx: DeriveContext, id: string): Promise<NostrEvent | undefined> {
  const rows = await ctx.tx.all<EventRow>(
    'SELECT id, pubkey, created_at, kind, tags, content, sig FROM events WHERE id = ?',
    [id],
  );
  return rows[0] ? rowToEvent(rows[0]) : undefined;
}
