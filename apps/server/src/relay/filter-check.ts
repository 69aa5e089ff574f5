import { isHex64, type Filter } from '@swell/nostr';
import type { RelayLimits } from './limits.ts';

export type FilterCheck = { ok: true; filter: Filter } | { ok: false; reason: string };

const KNOWN = new Set(['ids', 'authors', 'kinds', 'since', 'until', 'limit', 'search']);

function stringList(v: unknown, max: number, hex: boolean): string[] | string {
  if (!Array.isArray(v)) return 'must be an array';
  if (v.length > max) return `has more than ${max} values`;
  for (const x of v) {
    if (typeof x !== 'string') return 'must contain strings';
    if (hex && !isHex64(x)) return 'must contain 64-character lowercase hex';
  }
  return v as string[];
}

/** Validates one NIP-01 filter (shapes and bounds); the result is a clean copy. */
export function checkFilter(input: unknown, limits: RelayLimits): FilterCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, reason: 'invalid: a filter must be an object' };
  }
  const f: Filter = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (key === 'ids' || key === 'authors') {
      const list = stringList(value, limits.maxFilterValues, true);
      if (typeof list === 'string') return { ok: false, reason: `invalid: ${key} ${list}` };
      f[key] = list;
    } else if (key === 'kinds') {
      if (!Array.isArray(value) || value.length > limits.maxFilterValues) {
        return {
          ok: false,
          reason: `invalid: kinds must be an array of at most ${limits.maxFilterValues}`,
        };
      }
      if (!value.every((k) => Number.isSafeInteger(k) && (k as number) >= 0)) {
        return { ok: false, reason: 'invalid: kinds must be non-negative integers' };
      }
      f.kinds = value as number[];
    } else if (key === 'since' || key === 'until' || key === 'limit') {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        return { ok: false, reason: `invalid: ${key} must be a non-negative number` };
      }
      f[key] = Math.floor(value);
    } else if (key === 'search') {
      if (typeof value !== 'string')
        return { ok: false, reason: 'invalid: search must be a string' };
      f.search = value;
    } else if (key.startsWith('#')) {
      if (!/^#[A-Za-z]$/.test(key)) {
        return { ok: false, reason: `invalid: unsupported tag filter ${key.slice(0, 20)}` };
      }
      const list = stringList(value, limits.maxFilterValues, false);
      if (typeof list === 'string') return { ok: false, reason: `invalid: ${key} ${list}` };
      f[key as `#${string}`] = list;
    } else if (!KNOWN.has(key)) {
      return { ok: false, reason: `invalid: unknown filter field ${key.slice(0, 20)}` };
    }
  }
  if (f.limit !== undefined) f.limit = Math.min(f.limit, limits.maxLimit);
  return { ok: true, filter: f };
}
