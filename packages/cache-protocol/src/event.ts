import type { NostrEvent } from '@swell/nostr';

/**
 * The event shapes carried by the cache protocol. A signed Nostr event (NIP-01) and the
 * synthetic result events of the cache (kind >= 10000000), which have no id or signature.
 */

/** A signed event: `NostrEvent` of `@swell/nostr` under the name this package has always used. */
export type SignedEvent = NostrEvent;

/** Anything the cache sends inside EVENT/EVENTS: a signed event or a result event. */
export interface CacheEvent {
  kind: number;
  content: string;
  id?: string;
  pubkey?: string;
  created_at?: number;
  tags?: string[][];
  sig?: string;
  /** Some result kinds carry extra top-level fields (e.g. `cnt` on 10000117). */
  [field: string]: unknown;
}

/** True when the value looks like a full signed event (shape only, no signature check). */
export function isSignedEvent(value: unknown): value is SignedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    typeof e.pubkey === 'string' &&
    typeof e.created_at === 'number' &&
    typeof e.kind === 'number' &&
    Array.isArray(e.tags) &&
    typeof e.content === 'string' &&
    typeof e.sig === 'string'
  );
}
