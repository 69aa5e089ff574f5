import type { Kysely } from 'kysely';
import type { Filter, NostrEvent } from '@swell/nostr';
import type { Database } from './schema.ts';
import type { ReadAccess } from './event-query.ts';

export type StoreDialect = 'sqlite' | 'postgres';

/** Where an event came from; only used for logs and limits. */
export type IngestSource = 'relay' | 'import' | 'upstream' | 'demo' | 'cache';

export interface IngestOptions {
  source?: IngestSource;
  /** "Now" in unix seconds (tests); defaults to the clock. */
  now?: number;
  /** Events further than this in the future are refused (default 900 s). */
  maxFutureSeconds?: number;
}

/**
 * The outcome for one event, in the order of the input. `message` is ready for a NIP-01 OK:
 * '' when accepted, otherwise it starts with `invalid:`, `duplicate:`, `blocked:` or `error:`.
 */
export type IngestResult =
  | { status: 'accepted'; id: string; ok: true; message: string; event: NostrEvent }
  | { status: 'duplicate'; id: string; ok: true; message: string }
  | { status: 'rejected'; id: string | undefined; ok: false; message: string; reason: string };

/** Options of `queryEvents`. */
export interface QueryOptions {
  /** Upper bound of each filter's `limit` (default 500). */
  maxLimit?: number;
  /**
   * Only what these readers may read (see `ReadAccess`), before the limits: a filter's `limit`
   * counts only events that are served. Everything when absent.
   */
  access?: ReadAccess;
}

/** Options of `countEvents`. */
export interface CountOptions {
  /** Count only what these readers may read (see `ReadAccess`); everything when absent. */
  access?: ReadAccess;
}

/** Counts for /health. */
export interface StoreCounts {
  events: number;
  users: number;
  zaps: number;
}

/**
 * Storage: raw events plus everything derived from them (see schema.ts). Both backends
 * implement it; `db` is the typed Kysely handle for read queries of the cache API.
 */
export interface Store {
  readonly dialect: StoreDialect;
  readonly db: Kysely<Database>;
  /**
   * The one ingestion pipeline (relay EVENT, import_events, upstream, demo seed): size and
   * shape checks, dedup, id and signature verification, time window, replaceable and deletion
   * semantics, derived tables, all in one transaction per batch. Resolves after the commit.
   * Never rejects for bad input (that is a 'rejected' result).
   */
  ingest(events: readonly unknown[], opts?: IngestOptions): Promise<IngestResult[]>;
  /** NIP-01 query: events matching any filter, newest first, each filter limited. */
  queryEvents(filters: readonly Filter[], opts?: QueryOptions): Promise<NostrEvent[]>;
  /** NIP-45 COUNT of events matching any filter (and readable, with `access`). */
  countEvents(filters: readonly Filter[], opts?: CountOptions): Promise<number>;
  /** Events by id (missing ids are left out). */
  getEvents(ids: readonly string[]): Promise<NostrEvent[]>;
  /** Moves score points older than 24 h out of score24h; returns how many expired. */
  expireScores(now?: number): Promise<number>;
  /** Called after each committed batch with the newly stored (and ephemeral) events. */
  onCommitted(listener: (events: NostrEvent[]) => void): () => void;
  /** Row counts for /health (on SQLite: rows ever inserted, which is instant). */
  counts(): Promise<StoreCounts>;
  /** Refreshes planner statistics (after bulk imports). */
  analyze(): Promise<void>;
  close(): Promise<void>;
}
