import type { NostrEvent } from '@swell/nostr';
import type { Selectable } from 'kysely';
import type { EventsTable } from '../../store/schema.ts';

/** Columns of a raw event, selected everywhere an event is read. */
export const EVENT_COLUMNS = [
  'id',
  'pubkey',
  'created_at',
  'kind',
  'tags',
  'content',
  'sig',
] as const;

type EventRow = Pick<Selectable<EventsTable>, (typeof EVENT_COLUMNS)[number]>;

export function rowToEvent(r: EventRow): NostrEvent {
  let tags: string[][];
  try {
    tags = JSON.parse(r.tags) as string[][];
  } catch {
    tags = [];
  }
  return {
    id: r.id,
    pubkey: r.pubkey,
    created_at: Number(r.created_at),
    kind: Number(r.kind),
    tags,
    content: r.content,
    sig: r.sig,
  };
}

/** Splits a list so IN lists stay under both dialects' parameter limits. */
export function chunked<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
