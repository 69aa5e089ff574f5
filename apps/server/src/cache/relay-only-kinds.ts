import { ResultKind, type CacheEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { CacheError } from './request.ts';

/**
 * Kinds the cache never serves: NIP-59 gift wraps (kind 1059) go only to their authenticated
 * recipient on the relay (`/relay`, NIP-42). No command returns them and no enrichment includes
 * them, even by id.
 */
export const RELAY_ONLY_KINDS: ReadonlySet<number> = new Set([1059]);

/** Whether an answer event may go out on `/v1` (a referenced event is checked inside too). */
export function isCacheServable(e: CacheEvent | NostrEvent): boolean {
  if (RELAY_ONLY_KINDS.has(e.kind)) return false;
  if (e.kind !== ResultKind.ReferencedEvent || typeof e.content !== 'string') return true;
  try {
    const inner = JSON.parse(e.content) as { kind?: unknown };
    return !(typeof inner.kind === 'number' && RELAY_ONLY_KINDS.has(inner.kind));
  } catch {
    return true;
  }
}

/** The answer events that may go out on `/v1`. */
export function cacheServable<T extends CacheEvent | NostrEvent>(events: readonly T[]): T[] {
  return events.every(isCacheServable) ? (events as T[]) : events.filter(isCacheServable);
}

/** Refuses a kind list asking for a relay-only kind (a clear NOTICE instead of a silent gap). */
export function refuseRelayOnlyKinds(kinds: readonly number[], field: string): void {
  const k = kinds.find((x) => RELAY_ONLY_KINDS.has(x));
  if (k !== undefined) {
    throw new CacheError(`invalid ${field}: kind ${k} is served only by the relay`);
  }
}
