import type { CacheCommand, CachePayloads, FeedPage } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';
import type { RequestOptions } from '../cache/cache-connection.ts';
import type { Clock } from '../clock.ts';
import type { AccountLists } from '../lists/account-lists.ts';
import type { OutboxLookup } from '../lookup/outbox-lookup.ts';
import type { Session } from '../session/session.ts';
import type { SettingsSync } from '../settings/app-settings-sync.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import type { Observable } from '../store.ts';
import type { EntityStore } from '../store/entity-store.ts';
import type { WritePath } from '../write/write-path.ts';

// The model layer's types live in one file: the context names the registry and the registry
// makes models with the context, and split in two they would import each other.

/**
 * A read model: what one screen (or a part of one) shows, as an observable snapshot, loaded
 * through the cache and merged into the entity store. Made and owned by the client's
 * `ModelRegistry`, shared by every holder of the same kind and params.
 */
export interface Model<S> extends Observable<S> {
  /** The first holder arrived (again, after all had left): start or refresh what it shows. */
  activate?(): void;
  /** The last holder left: stop live work (polling, subscriptions); keep what was loaded. */
  deactivate?(): void;
  /** Evicted, or the session changed: stop for good and let go of the store's notes. */
  dispose(): void;
}

/** The snapshot type of a model. */
export type StateOf<M> = M extends Model<infer S> ? S : never;

/**
 * How to make a model of one kind: `key` names its params (two params with the same key share
 * one model), `create` makes it with the session's context.
 */
export interface ModelDef<P, M extends Model<unknown>> {
  readonly kind: string;
  key(params: P): string;
  create(ctx: ModelContext, params: P): M;
}

/** A model held by someone, until `release` (once; later calls do nothing). */
export interface Held<M> {
  model: M;
  release(): void;
}

/** Where models come from (the registry): a model composed of others holds them through it. */
export interface ModelHost {
  /** The shared model of these params, held until released (its first holder activates it). */
  acquire<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): Held<M>;
  /** The same model `acquire` would give, without holding it (a render-time read). */
  get<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): M;
}

/**
 * What a model gets from the client: the parts of one session, never the app's globals. Every
 * answer a model asks for goes through `fetchPage`/`ingest`, so the store holds what it shows.
 */
export interface ModelContext {
  api: CacheApi;
  store: EntityStore;
  session: Session;
  /** The public key this session's models were made for (null: a guest). */
  viewer: string | null;
  lists: AccountLists;
  settings: SettingsSync;
  records: UserRecordStore;
  /** Runs a cache command and merges the decoded answer into the store. */
  fetchPage<C extends CacheCommand>(
    command: C,
    payload?: CachePayloads[C],
    options?: RequestOptions,
  ): Promise<FeedPage>;
  /** Merges a page produced by `api.*` (stamped with the time it was asked for). */
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  /** Notes and profiles the cache lacks, from relays (loaded on first use). */
  lookup(): Promise<OutboxLookup>;
  /** The write path (loaded on first use): models only read from it (the outbox's items). */
  write(): Promise<WritePath>;
  /** The registry the model lives in. */
  models: ModelHost;
  clock: Clock;
  /** Live news of a feed spec, where the app provides it (see `LiveFeedWatch`). */
  liveFeed?: LiveFeedWatch;
}

/**
 * Watches a feed live (the server's relay): calls `onNew` when something may have arrived, until
 * the returned function is called. The app provides it (its code loads after the first notes);
 * without it lists look for newer notes periodically only.
 */
export type LiveFeedWatch = (spec: string, onNew: () => void) => () => void;

/** A model definition; `key` defaults to the params as JSON with sorted object keys. */
export function defineModel<P, M extends Model<unknown>>(
  kind: string,
  create: (ctx: ModelContext, params: P) => M,
  key: (params: P) => string = stableKey,
): ModelDef<P, M> {
  return { kind, key, create };
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` name the same model. */
export function stableKey(value: unknown): string {
  return (
    JSON.stringify(value, (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
              a < b ? -1 : a > b ? 1 : 0,
            ),
          )
        : v,
    ) ?? 'undefined'
  );
}
