import { nip19, type NostrEvent } from '@swell/nostr';
import type { PushActor, PushMessage } from '@swell/cache-protocol';
import type { PushDeliveriesTable } from './push-tables.ts';

const NAME_MAX = 64;
const PICTURE_MAX = 512;

/** Control, format (bidi overrides, zero-width) and line-breaking characters of a name. */
const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * Who a push is from, out of their kind 0: the name shown (display_name, else name; plain text,
 * one line, at most 64 characters) and their picture when it is an https URL of reasonable
 * length. Nothing else of the profile goes into a push.
 */
export function pushActor(pubkey: string, profile: NostrEvent | undefined): PushActor {
  const actor: PushActor = { pubkey };
  if (!profile) return actor;
  let meta: Record<string, unknown>;
  try {
    const parsed = JSON.parse(profile.content) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return actor;
    meta = parsed as Record<string, unknown>;
  } catch {
    return actor;
  }
  for (const field of ['display_name', 'displayName', 'name']) {
    const v = meta[field];
    if (typeof v !== 'string') continue;
    const name = [...v.replace(UNSHOWN, ' ').replace(/\s+/g, ' ').trim()]
      .slice(0, NAME_MAX)
      .join('');
    if (name) {
      actor.name = name;
      break;
    }
  }
  const picture = meta.picture;
  if (typeof picture === 'string' && picture.length <= PICTURE_MAX) {
    try {
      const u = new URL(picture);
      if (u.protocol === 'https:' && !u.username && !u.password) actor.picture = u.toString();
    } catch {
      // not a URL: no icon
    }
  }
  return actor;
}

/** The app path a click on a pushed notification opens. */
export function pushUrl(
  row: Pick<PushDeliveriesTable, 'kind' | 'type' | 'actor' | 'note'>,
): string {
  if (row.kind === 'dm') return row.actor ? `/dms/${nip19.npubEncode(row.actor)}` : '/dms';
  if (row.note) return `/e/${nip19.noteEncode(row.note)}`;
  if (row.actor) return `/p/${nip19.npubEncode(row.actor)}`;
  return '/notifications';
}

/** The message of one delivery: a notification or a direct message (never its text). */
export function pushMessage(row: PushDeliveriesTable, from: PushActor | undefined): PushMessage {
  const id = row.kind === 'dm' ? row.item.slice('dm:'.length) : row.item;
  const created_at = Number(row.created_at);
  const url = pushUrl(row);
  if (row.kind === 'dm')
    return { v: 1, kind: 'dm', id, created_at, ...(from ? { from } : {}), url };
  return {
    v: 1,
    kind: 'notification',
    id,
    type: Number(row.type),
    created_at,
    from: from ?? { pubkey: row.actor },
    ...(row.note ? { note: row.note } : {}),
    ...(row.sats !== null && row.sats !== undefined ? { sats: Number(row.sats) } : {}),
    url,
  };
}

/**
 * One push standing for many (a device over its budget): how many, of which types, and who
 * acted last. Opens the notifications, or the messages when there are only messages.
 */
export function digestMessage(
  id: string,
  rows: readonly PushDeliveriesTable[],
  latestFrom: PushActor | undefined,
  now: number,
): PushMessage {
  const types: Record<string, number> = {};
  for (const r of rows) {
    const key = r.kind === 'dm' ? 'dm' : String(r.type);
    types[key] = (types[key] ?? 0) + 1;
  }
  const onlyDms = Object.keys(types).every((k) => k === 'dm');
  return {
    v: 1,
    kind: 'digest',
    id,
    created_at: now,
    count: rows.length,
    types,
    ...(latestFrom ? { from: latestFrom } : {}),
    url: onlyDms ? '/dms' : '/notifications',
  };
}
