import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { IngestOptions, IngestResult, Store } from './store/store.ts';
import type { LiveBus } from './live/live-bus.ts';
import type { ProfileCache } from './cache/profile-cache.ts';
import type { NameRegistry } from './names/name-registry.ts';
import type { ServerSettings } from './settings/server-settings.ts';
import type { Outbound } from './net/outbound.ts';
import type { ServerLoad } from './load.ts';
import type { MediaStore } from './media/media-store.ts';
import type { MembershipService } from './membership/membership-service.ts';
import type { ProofLedger } from './auth/user-request.ts';
import type { AppReleasesSource } from './cache/app-releases.ts';
import type { LightningAddresses } from './lightning/lightning-addresses.ts';
import type { Rebroadcasts } from './membership/rebroadcasts.ts';
import type { PushService } from './push/push-service.ts';

/**
 * What every part of the server shares: configuration, logger, storage, the ingestion pipeline
 * and live fan-out. Socket handlers, HTTP route registrars and extensions receive it.
 */
export interface ServerContext {
  config: ServerConfig;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch when the server started. */
  startedAt: number;
  /** Storage: raw events, derived tables, typed Kysely handle (`store.db`). */
  store: Store;
  /**
   * The one ingestion pipeline (validate, dedup, verify, store, derive). Resolves after the
   * commit, one result per input, in order. Accepted events reach `live` subscribers.
   */
  ingest(events: readonly unknown[], opts?: IngestOptions): Promise<IngestResult[]>;
  /** Live fan-out of new events (across instances with PostgreSQL). */
  live: LiveBus;
  /** Users' current kind 0 in memory (kept fresh from `live`). */
  profiles: ProfileCache;
  /** The NIP-05 names this server serves (nostr.json, verified names, `/name` routes). */
  names: NameRegistry;
  /** Settings kept in the database: the default account, the feed service key. */
  settings: ServerSettings;
  /**
   * Every outbound fetch made for a client goes through here: the address guard, this server's
   * own origins (from configuration) and in-process answers for its own URLs.
   */
  outbound: Outbound;
  /** Budgets shared by all connections (cache work, relay filters, connections per client). */
  load: ServerLoad;
  /** Uploaded files (Blossom and the cache's chunked upload). */
  media: MediaStore;
  /**
   * Membership: members, purchases, names, legend customization, upload limits. Extensions plug
   * lightning in (`membership.usePayments`, the devnet does) and the uploads code its media
   * library (`membership.useMediaLibrary`).
   */
  membership: MembershipService;
  /**
   * Signatures of user requests already used, and of request-kind events seen published
   * (auth/user-request.ts), kept in the database so every instance refuses a replay or a
   * published event: every endpoint that checks signed requests shares it.
   */
  replays: ProofLedger;
  /** The app releases `get_app_releases` answers, from configuration (none by default). */
  appReleases: AppReleasesSource;
  /**
   * Members' lightning addresses (`name@host`, forwarded to the address of their own profile);
   * extensions answer the other names (`lightning.useFallback`: the devnet's ledger).
   */
  lightning: LightningAddresses;
  /** Members' content rebroadcasts (stored; taken up again after a restart). */
  rebroadcasts: Rebroadcasts;
  /**
   * Web Push: users' devices, and a push for each new notification they asked for. Extensions
   * may add a push service of their own (`push.allowLocalService`: the devnet's).
   */
  push: PushService;
}

/** Where a started server listens. */
export interface ListeningAddress {
  /** Base HTTP URL, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
}

/**
 * Code that plugs into the server without the server importing it (the devnet: demo media,
 * lightning sandbox, demo seeding). Registered in order after the server's own routes and before
 * the web app's catch-all; `listening` hooks run after the port is open, before `startServer`
 * resolves; `close` hooks run before the store closes.
 */
export interface ServerExtension {
  name: string;
  register?(app: FastifyInstance, ctx: ServerContext): Promise<void> | void;
  listening?(ctx: ServerContext, address: ListeningAddress): Promise<void> | void;
  close?(): Promise<void> | void;
}
