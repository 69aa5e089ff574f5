import type { NostrEvent } from '@swell/nostr';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { RELAY_ONLY_KINDS } from '../relay-only-kinds.ts';
import { chunked, EVENT_COLUMNS, rowToEvent } from './rows.ts';

type Db = Kysely<Database>;

/** Events by id, in the order of `ids` (missing and relay-only ones left out). */
export async function eventsByIds(db: Db, ids: readonly string[]): Promise<NostrEvent[]> {
  if (ids.length === 0) return [];
  const byId = new Map<string, NostrEvent>();
  for (const part of chunked([...new Set(ids)])) {
    const rows = await db
      .selectFrom('events')
      .select(EVENT_COLUMNS)
      .where('id', 'in', part)
      .where('kind', 'not in', [...RELAY_ONLY_KINDS])
      .execute();
    for (const r of rows) byId.set(r.id, rowToEvent(r));
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The current replaceable event (kind 0, 3, 10000-19999) of each pubkey. */
export async function replaceableOf(
  db: Db,
  pubkeys: readonly string[],
  kind: number,
): Promise<Map<string, NostrEvent>> {
  const out = new Map<string, NostrEvent>();
  for (const part of chunked([...new Set(pubkeys)])) {
    const rows = await db
      .selectFrom('events')
      .select(EVENT_COLUMNS)
      .where('pubkey', 'in', part)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .execute();
    for (const r of rows) if (!out.has(r.pubkey)) out.set(r.pubkey, rowToEvent(r));
  }
  return out;
}

/** The current addressable event (30000-39999) of pubkey, kind and d tag. */
export async function addressable(
  db: Db,
  pubkey: string,
  kind: number,
  d: string,
): Promise<NostrEvent | undefined> {
  const row = await db
    .selectFrom('replaceable_heads as h')
    .innerJoin('events as e', 'e.id', 'h.event_id')
    .select(EVENT_COLUMNS.map((c) => `e.${c}` as const))
    .where('h.pubkey', '=', pubkey)
    .where('h.kind', '=', kind)
    .where('h.d_tag', '=', d)
    .executeTakeFirst();
  return row ? rowToEvent(row) : undefined;
}

/** Addressable events by coordinates `kind:pubkey:d`. */
export async function byCoordinates(db: Db, coords: readonly string[]): Promise<NostrEvent[]> {
  const found = await Promise.all(
    [...new Set(coords)].map((c) => {
      const m = /^(\d+):([0-9a-f]{64}):(.*)$/.exec(c);
      return m ? addressable(db, m[2]!, Number(m[1]), m[3]!) : Promise.resolve(undefined);
    }),
  );
  return found.filter((e): e is NostrEvent => e !== undefined);
}
