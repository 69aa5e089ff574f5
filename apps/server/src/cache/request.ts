import type { CacheEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { Store } from '../store/store.ts';
import type { ServerContext } from '../context.ts';

/** A bad request: the message goes to the client as NOTICE (then EOSE). */
export class CacheError extends Error {}

/** One cache request being answered. Handlers push results with `emit`. */
export interface CacheRequest {
  subId: string;
  command: string;
  payload: Record<string, unknown>;
  store: Store;
  ctx: ServerContext;
  /** Unix seconds at the start of the request. */
  now: number;
  /** Absolute base URL of this server as the client reached it (http://host:port). */
  baseUrl: string;
  /**
   * Whether fetches made for this client may reach non-public addresses where the configuration
   * allows them (false for a browser page on a foreign origin; see `mayFetchPrivate`).
   */
  privateFetchOk: boolean;
  /** Aborted on CLOSE, on a replacing REQ, on disconnect or when the time budget runs out. */
  signal: AbortSignal;
  emit(...events: Array<CacheEvent | NostrEvent>): void;
}

/** Answers a request by emitting its events; resolves when done. */
export type CommandHandler = (req: CacheRequest) => Promise<void>;

/**
 * A streaming command: answers EOSE at once, then `push`es until the returned stop function is
 * called (CLOSE or disconnect).
 */
export type StreamHandler = (
  req: CacheRequest,
  push: (events: Array<CacheEvent | NostrEvent>) => void,
) => Promise<() => void>;
