import { getDTag, isAddressable, isReplaceable, type NostrEvent } from '@swell/nostr';
import { insertMany, type DeriveContext } from './derive-helpers.ts';

/** Longest tag value that goes into the tag index. */
const MAX_TAG_VALUE = 512;
const SINGLE_LETTER = /^[A-Za-z]$/;

/** Tag-index rows of an event: single-letter names, bounded values, each pair once. */
function tagRows(e: NostrEvent): unknown[][] {
  const seen = new Set<string>();
  const rows: unknown[][] = [];
  for (const t of e.tags) {
    const [name, value] = t;
    if (!name || value === undefined || !SINGLE_LETTER.test(name) || value.length > MAX_TAG_VALUE) {
      continue;
    }
    const key = `${name}\u0000${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push([e.id, name, value, e.kind, e.created_at, e.pubkey]);
  }
  return rows;
}

/** Inserts the raw event; false when it is already stored (a duplicate). */
export async function insertEvent(ctx: DeriveContext, e: NostrEvent): Promise<boolean> {
  const inserted = await ctx.tx.run(
    'INSERT INTO events (id, pubkey, created_at, kind, tags, content, sig, first_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    [e.id, e.pubkey, e.created_at, e.kind, JSON.stringify(e.tags), e.content, e.sig, ctx.now],
  );
  if (inserted === 0) return false;
  await insertMany(
    ctx,
    'event_tags',
    ['event_id', 'name', 'value', 'kind', 'created_at', 'pubkey'],
    tagRows(e),
  );
  return true;
}

/**
 * Inserts many regular events at once (multi-row statements), with their tag rows. Returns
 * the ids actually inserted (the others were already stored).
 */
export async function insertEvents(
  ctx: DeriveContext,
  events: readonly NostrEvent[],
): Promise<Set<string>> {
  const inserted = new Set(
    (
      await insertMany<{ id: string }>(
        ctx,
        'events',
        ['id', 'pubkey', 'created_at', 'kind', 'tags', 'content', 'sig', 'first_seen'],
        events.map((e) => [
          e.id,
          e.pubkey,
          e.created_at,
          e.kind,
          JSON.stringify(e.tags),
          e.content,
          e.sig,
          ctx.now,
        ]),
        'ON CONFLICT (id) DO NOTHING RETURNING id',
      )
    ).map((r) => r.id),
  );
  const rows: unknown[][] = [];
  for (const e of events) if (inserted.has(e.id)) rows.push(...tagRows(e));
  await insertMany(
    ctx,
    'event_tags',
    ['event_id', 'name', 'value', 'kind', 'created_at', 'pubkey'],
    rows,
  );
  return inserted;
}

/** Each pubkey's earliest created_at, kept in user_stats.time_joined (one statement per batch). */
export async function updateTimeJoined(
  ctx: DeriveContext,
  events: readonly NostrEvent[],
): Promise<void> {
  const earliest = new Map<string, number>();
  for (const e of events) {
    const cur = earliest.get(e.pubkey);
    if (cur === undefined || e.created_at < cur) earliest.set(e.pubkey, e.created_at);
  }
  await insertMany(
    ctx,
    'user_stats',
    ['pubkey', 'time_joined'],
    [...earliest],
    `ON CONFLICT (pubkey) DO UPDATE SET time_joined = CASE
       WHEN user_stats.time_joined = 0 OR excluded.time_joined < user_stats.time_joined
       THEN excluded.time_joined ELSE user_stats.time_joined END`,
  );
}

/** Removes a stored event and its index rows (deletion, superseded replaceable version). */
export async function removeEvent(ctx: DeriveContext, id: string): Promise<void> {
  await ctx.tx.run('DELETE FROM event_tags WHERE event_id = ?', [id]);
  ctx.pending?.dropThread(id);
  await ctx.tx.run('DELETE FROM threads WHERE event_id = ?', [id]);
  await ctx.tx.run('DELETE FROM events WHERE id = ?', [id]);
}

export interface HeadRow {
  event_id: string;
  created_at: number;
}

/** The `d` value a replaceable event is keyed by ('' for non-addressable kinds). */
export function headKey(e: NostrEvent): string {
  return isAddressable(e.kind) ? getDTag(e) : '';
}

export function isHeadKind(kind: number): boolean {
  return isReplaceable(kind) || isAddressable(kind);
}

/** NIP-01: the newer created_at wins; on a tie, the lower id. */
export function supersedes(e: NostrEvent, head: HeadRow): boolean {
  const at = Number(head.created_at);
  return e.created_at > at || (e.created_at === at && e.id < head.event_id);
}
