import { getEventHash, validateEvent, type NostrEvent } from '@swell/nostr';

/** Largest event accepted, as serialized JSON (also the relay's message limit). */
export const MAX_EVENT_BYTES = 128 * 1024;
/** Most tags one event may carry. */
export const MAX_EVENT_TAGS = 5000;
/** Default tolerance for clocks ahead of ours. */
export const DEFAULT_MAX_FUTURE_SECONDS = 15 * 60;
/** Largest kind the store holds (a 32-bit integer column on PostgreSQL). */
export const MAX_STORED_KIND = 2 ** 31 - 1;

/** A lone UTF-16 surrogate (there is no UTF-8 for it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a string is stored and read back exactly by both backends: no U+0000 and no lone
 * surrogate (both are valid in JSON, but a lone surrogate turns into U+FFFD on its way to UTF-8,
 * so the event read back would no longer match its id, and PostgreSQL refuses U+0000).
 */
export function storableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export type Precheck =
  { ok: true; event: NostrEvent } | { ok: false; id: string | undefined; reason: string };

function idOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const id = (input as { id?: unknown }).id;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}

/**
 * The checks that need no storage: size, shape, what the store can hold exactly (kind range,
 * text), tag bounds and the created_at window. Never throws. `reason` is a NIP-01 OK message (`invalid: ...`).
 */
export function precheck(input: unknown, now: number, maxFutureSeconds: number): Precheck {
  let value = input;
  if (typeof value === 'string') {
    if (value.length > MAX_EVENT_BYTES) {
      return { ok: false, id: undefined, reason: 'invalid: event too large' };
    }
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, id: undefined, reason: 'invalid: broken JSON' };
    }
  }
  const shape = validateEvent(value);
  if (!shape.ok) return { ok: false, id: idOf(value), reason: `invalid: ${shape.reason}` };
  const event = shape.event;
  if (event.kind > MAX_STORED_KIND) {
    return { ok: false, id: event.id, reason: `invalid: kind must be at most ${MAX_STORED_KIND}` };
  }
  if (!storableText(event.content) || !event.tags.every((t) => t.every(storableText))) {
    return {
      ok: false,
      id: event.id,
      reason: 'invalid: content and tags must be well-formed Unicode without U+0000',
    };
  }
  if (event.tags.length > MAX_EVENT_TAGS) {
    return { ok: false, id: event.id, reason: `invalid: more than ${MAX_EVENT_TAGS} tags` };
  }
  if (Buffer.byteLength(JSON.stringify(event)) > MAX_EVENT_BYTES) {
    return {
      ok: false,
      id: event.id,
      reason: `invalid: event larger than ${MAX_EVENT_BYTES} bytes`,
    };
  }
  if (event.created_at > now + maxFutureSeconds) {
    return { ok: false, id: event.id, reason: 'invalid: created_at is too far in the future' };
  }
  return { ok: true, event };
}

/** Why verification failed: the id is not the hash, or the signature does not match. */
export function verificationFailure(event: NostrEvent): string {
  try {
    if (getEventHash(event) !== event.id) return 'invalid: id does not match the event hash';
  } catch {
    return 'invalid: id does not match the event hash';
  }
  return 'invalid: bad signature';
}

/** NIP-40: true when the event carries an expiration tag in the past. */
export function isExpired(event: NostrEvent, now = Math.floor(Date.now() / 1000)): boolean {
  for (const t of event.tags) {
    if (t[0] !== 'expiration' || t[1] === undefined) continue;
    const at = Number(t[1]);
    if (Number.isFinite(at) && at <= now) return true;
  }
  return false;
}
