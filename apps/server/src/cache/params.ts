import { MAX_LIMIT } from '@swell/cache-protocol';
import { validateEvent, verifyEvent, type NostrEvent } from '@swell/nostr';
import { refuseRelayOnlyKinds } from './relay-only-kinds.ts';
import { CacheError } from './request.ts';

const HEX64 = /^[0-9a-f]{64}$/;

type P = Record<string, unknown>;

export function hex64(p: P, field: string): string {
  const v = p[field];
  if (typeof v !== 'string' || !HEX64.test(v)) throw new CacheError(`invalid ${field}`);
  return v;
}

export function optHex64(p: P, field: string): string | undefined {
  const v = p[field];
  if (v === undefined || v === null || v === '') return undefined;
  return hex64(p, field);
}

export function hexList(p: P, field: string, max = MAX_LIMIT): string[] {
  const v = p[field];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && HEX64.test(x)))
    throw new CacheError(`invalid ${field}`);
  if (v.length > max) throw new CacheError(`too many ${field}`);
  return [...new Set(v as string[])];
}

export function str(p: P, field: string, maxLength = 1000): string {
  const v = p[field];
  if (typeof v !== 'string' || v.length > maxLength) throw new CacheError(`invalid ${field}`);
  return v;
}

export function optStr(p: P, field: string, maxLength = 1000): string | undefined {
  return p[field] === undefined || p[field] === null ? undefined : str(p, field, maxLength);
}

export function int(
  p: P,
  field: string,
  dflt: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = p[field];
  if (raw === undefined || raw === null) return dflt;
  const v = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new CacheError(`invalid ${field}`);
  const n = Math.floor(v);
  if (n < min || n > max) throw new CacheError(`invalid ${field}`);
  return n;
}

export function bool(p: P, field: string, dflt = false): boolean {
  const v = p[field];
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 'true') return true;
  if (v === 0 || v === 'false') return false;
  throw new CacheError(`invalid ${field}`);
}

/** Paging of section 4: limit (default given, > 1000 is `limit too big`), since, until, offset. */
export interface Paging {
  limit: number;
  since: number;
  until: number;
  offset: number;
}

/**
 * `limit` (default `dflt`): above MAX_LIMIT (1000), as a number or a numeric string, it is
 * `limit too big` on every command; a command's own smaller `cap` clamps it.
 */
export function limitOf(p: P, dflt: number, cap = MAX_LIMIT): number {
  const raw = p.limit;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n === 'number' && n > MAX_LIMIT) throw new CacheError('limit too big');
  return Math.min(cap, int(p, 'limit', dflt, 0, MAX_LIMIT));
}

export function paging(p: P, now: number, dfltLimit = 20): Paging {
  const limit = limitOf(p, dfltLimit);
  const since = int(p, 'since', 0, 0);
  const until = int(p, 'until', now + 3600, 0);
  const offset = int(p, 'offset', 0, 0, 100_000);
  return { limit, since, until: until === 0 ? now + 3600 : until, offset };
}

/** Paging by a value other than time (score, sats, increase): no `until` means no upper bound. */
export function valuePaging(payload: P, p: Paging): Paging {
  return payload.until === undefined ? { ...p, until: Number.MAX_SAFE_INTEGER } : p;
}

/** A signed event from the payload, checked in shape and signature. */
export function signedEvent(p: P, field: string, kind?: number): NostrEvent {
  const checked = validateEvent(p[field]);
  if (!checked.ok) throw new CacheError(`invalid ${field}: ${checked.reason}`);
  if (kind !== undefined && checked.event.kind !== kind)
    throw new CacheError(`invalid ${field}: kind must be ${kind}`);
  if (!verifyEvent(checked.event)) throw new CacheError(`invalid ${field}: bad signature`);
  return checked.event;
}

export function kinds(p: P, field: string): number[] | undefined {
  const v = p[field];
  if (v === undefined || v === null) return undefined;
  if (
    !Array.isArray(v) ||
    v.length > 50 ||
    !v.every((k) => Number.isInteger(k) && k >= 0 && k < 2 ** 31)
  )
    throw new CacheError(`invalid ${field}`);
  refuseRelayOnlyKinds(v as number[], field);
  return v as number[];
}
