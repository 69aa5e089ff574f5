/**
 * Parsing of what the cache server sends (cache-protocol doc section 1): EVENT, EVENTS (the
 * inflated content of a binary frame), EOSE and NOTICE. Anything else is ignored.
 */

/** An event as the cache sends it: a signed Nostr event or a synthetic result event. */
export interface CacheEvent {
  kind: number;
  content: string;
  id?: string;
  pubkey?: string;
  created_at?: number;
  tags?: string[][];
  sig?: string;
  [field: string]: unknown;
}

export type CacheMessage =
  | { type: 'events'; subId: string; events: CacheEvent[] }
  | { type: 'eose'; subId: string }
  | { type: 'notice'; subId: string; text: string };

function isEvent(v: unknown): v is CacheEvent {
  return typeof v === 'object' && v !== null && typeof (v as CacheEvent).kind === 'number';
}

/** Turns one decoded JSON message into a typed one; `null` for anything unusable (e.g. `{}`). */
export function parseCacheMessage(msg: unknown): CacheMessage | null {
  if (!Array.isArray(msg) || typeof msg[0] !== 'string' || typeof msg[1] !== 'string') return null;
  const [verb, subId] = msg as [string, string];
  switch (verb) {
    case 'EVENT':
      return isEvent(msg[2]) ? { type: 'events', subId, events: [msg[2]] } : null;
    case 'EVENTS':
      return Array.isArray(msg[2])
        ? { type: 'events', subId, events: (msg[2] as unknown[]).filter(isEvent) }
        : null;
    case 'EOSE':
      return { type: 'eose', subId };
    case 'NOTICE':
      return { type: 'notice', subId, text: typeof msg[2] === 'string' ? msg[2] : String(msg[2]) };
    default:
      return null;
  }
}

/** JSON.parse that yields `{}` on failure, like the reference client. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
