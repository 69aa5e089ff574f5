import { getDTag, isAddressable, isReplaceable, type NostrEvent } from '@swell/nostr';
import { insertMany, type DeriveContext } from './derive-helpers.ts';

/** Longest tag value that goes into the tag index. */
const MAX_TAG_VALUE = 512;
const SINGLE_LETTER = /^[A-Za-z]$/;

/** Inserts the raw event; false when it is already stored (a duplicate). */
export async function insertEvent(ctx: DeriveContext, e: NostrEvent): Promise<boolean> {
  const inserted = await ctx.tx.run(
    'INSERT INTO events (id, pubkey, created_at, kind, tags, content, sig, first_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    [e.id, e.pubkey, e.created_at, e.kind, JSON.stringify(e.tags), e.content, e.sig, ctx.now],
  );
  if (inserted === 0) return false;
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
  await insertMany(
    ctx,
    'event_tags',
    ['event_id', 'name', 'value', 'kind', 'created_at', 'pubkey'],
    rows,
  );
  return true;
}

/** Removes a stored event and its index rows (deletion, superseded replaceable version). */
export async function removeEvent(ctx: DeriveContext, id: string): Promise<void> {
  await ctx.tx.run('DELETE FROM event_tags WHERE event_id = ?', [id]);
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
