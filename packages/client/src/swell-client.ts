import type { CacheCommand, CachePayloads, FeedPage } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { NewAccountKey } from './account/new-account-key.ts';
import type { ProfileFields } from './account/profile-edit.ts';
import { AccountLists } from './lists/account-lists.ts';
import { ListLoaders } from './lists/list-loaders.ts';
import { updateList, type ListOutcome } from './lists/list-update.ts';
import type { OutboxResult } from './outbox/outbox.ts';
import type { PublishAttempt } from './publish/publisher.ts';
import { SettingsSync } from './settings/app-settings-sync.ts';
import { ActivityTracker, type ActivityTarget } from './activity/activity-tracker.ts';
import { CacheApi } from './cache/cache-api.ts';
import { CacheConnection, type RequestOptions } from './cache/cache-connection.ts';
import type { OutboxLookup, OutboxLookupOptions } from './lookup/outbox-lookup.ts';
import type { RelayPool, RelayPoolOptions } from './relay/relay-pool.ts';
import type { UserRelays } from './relay/user-relays.ts';
import { makeSessionId } from './session-id.ts';
import { Session, type SessionOptions } from './session/session.ts';
import { cacheServerUrl, defaultCacheUrl, readAppSettings } from './storage/app-settings.ts';
import type { StorageLike } from './storage/storage.ts';
import { UserRecordStore, type RelaySettings } from './storage/user-record.ts';
import { EntityStore, type EntityStoreOptions } from './store/entity-store.ts';
import type { WritePath, WritePathOptions } from './write/write-path.ts';
import type { WriteResult } from './actions/action-context.ts';
import { ClientError } from './errors.ts';
import { ModelRegistry, type ModelRegistryOptions } from './models/model-registry.ts';

export interface SwellClientOptions {
  /** `localStorage` in the browser. */
  storage: StorageLike;
  /** The page origin, for the default cache URL (`ws(s)://<host>/v1`). */
  origin: string;
  /** Where user activity is heard (window); omit to disable sleeping. */
  activityTarget?: ActivityTarget;
  createSocket?: (url: string) => WebSocket;
  store?: EntityStoreOptions;
  /** Sign-in details: NIP-07 detection, PIN key derivation, NIP-46 time-outs (tests). */
  login?: Omit<SessionOptions, 'storage'>;
  /** Relay pool time-outs and retries (tests). */
  relays?: Omit<RelayPoolOptions, 'sessionId' | 'createSocket'>;
  /** Bounds of the outbox lookup of notes the cache lacks (tests; sensible defaults otherwise). */
  lookup?: Pick<
    OutboxLookupOptions,
    'maxConcurrent' | 'maxRelays' | 'relayTimeoutMs' | 'missingTtlMs'
  >;
  /** Outbox storage and tab lock, time-outs (tests; the browser's defaults otherwise). */
  write?: Pick<
    WritePathOptions,
    | 'indexedDB'
    | 'locks'
    | 'outboxName'
    | 'lease'
    | 'onlineTarget'
    | 'retryBaseMs'
    | 'publishTimeoutMs'
    | 'draftDelayMs'
  >;
  /**
   * How long released models are kept, the clock of their timers (tests), and the live watch of
   * feeds the app provides.
   */
  models?: ModelRegistryOptions;
}

export interface NewAccountInput {
  key: NewAccountKey;
  profile: ProfileFields;
  /** Picked follow suggestions. */
  follows: string[];
}

export interface NewAccount {
  profile: NostrEvent;
  contacts: NostrEvent;
  relays: NostrEvent;
  /** Each event's first publish attempt. */
  results: Promise<OutboxResult[]>;
}

/** Everything the app needs, wired together (one per tab): the app's only composition root. */
export interface SwellClient {
  sessionId: string;
  cache: CacheConnection;
  api: CacheApi;
  /** Notes, users, stats... every answer merged once; bounded; optimistic changes. */
  store: EntityStore;
  /** Who is signed in, their signer; the stored public key at once. */
  session: Session;
  records: UserRecordStore;
  activity: ActivityTracker | null;
  /**
   * The signed-in user's lists (follows, mutes, filter lists, allowlist, bookmarks) and their
   * actions; their moderation is applied to the store.
   */
  lists: AccountLists;
  /** Settings and the feed lists, synced with the server (spec section 4 "Settings"). */
  settings: SettingsSync;
  /**
   * The read models of the current session (`ModelRegistry`): keyed, shared, reference-counted.
   * When the session's public key changes the registry is disposed and a new one made, so a
   * guest's models and a signed-in user's never mix.
   */
  readonly models: ModelRegistry;
  /** Calls `listener` when `models` is a new registry (the session's public key changed). */
  watchModels(listener: () => void): () => void;
  /**
   * Removes an account from this device (issue 34): its key or signer session, its local record
   * (settings, drafts, lists), and its events still waiting in the outbox; the account in use is
   * signed out and the next one opens. The app forgets what it keeps itself (wallet, ...).
   */
  removeAccount(pubkey: string): Promise<void>;
  /** Edit profile: the latest kind 0 with these fields, published; the store shows it at once. */
  editProfile(fields: ProfileFields): Promise<ListOutcome>;
  /**
   * Create account (spec section 4): signs in with the key made on this device (stored without
   * a PIN until the user sets one with `session.setPin`), then publishes the profile, the contact
   * list and the relay list through the outbox.
   */
  createAccount(input: NewAccountInput): Promise<NewAccount>;
  /** Runs a cache command and merges the decoded answer into the store (stamped with its time). */
  fetchPage<C extends CacheCommand>(
    command: C,
    payload?: CachePayloads[C],
    options?: RequestOptions,
  ): Promise<FeedPage>;
  /** Merges a page produced by `api.*` (`requestedAt` taken before calling it). */
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  /** The relay pool (loaded on first use: it verifies signatures, so it carries the curves). */
  loadRelays(): Promise<RelayPool>;
  /** Applies the user's relays (NIP-65 list merged with Settings > Network) to the pool. */
  connectRelays(): Promise<UserRelays>;
  /** Settings > Network: stores the local relay settings and applies them. */
  saveRelaySettings(settings: RelaySettings): Promise<UserRelays>;
  /**
   * Settings > Network for a signed-in user: publishes `list` as their relay list (kind 10002)
   * through the outbox, to the write relays of the old list and of the new one and to the
   * server's defaults, and uses it at once (the publisher's write relays follow it).
   */
  publishRelayList(list: RelaySettings): Promise<{ relays: UserRelays; sent: WriteResult }>;
  /** The server's default relays (`get_default_relays`), asked once. */
  defaultRelays(): Promise<string[]>;
  /** Proxy mode (spec section 4): relays suspended, publishing through the cache. */
  setProxy(on: boolean): void;
  /** The write path (publisher, outbox, actions, drafts), loaded on first use. */
  write(): Promise<WritePath>;
  /**
   * Notes, profiles and articles the cache does not hold, from relay hints and the authors'
   * write relays (outbox model); loaded on first use, the relay pool only when the cache misses.
   */
  lookup(): Promise<OutboxLookup>;
  /** Stops everything (tests, hot reload). */
  close(): Promise<void>;
}

/**
 * Creates the cache connection (stored cacheServer override or this origin's /v1, noBinary flag),
 * the typed API, the entity store, the session (stored public key at once), per-user records,
 * and the activity tracker that puts the cache and the relays to sleep after 5 idle minutes.
 * Connects the cache at once. Heavy parts load on first use through dynamic imports, so the first
 * screen stays small: the relay pool (`loadRelays`), the sign-in code (`session.start()` and the
 * sign-in methods), NIP-46, the write path with IndexedDB (`write()`), profile editing and
 * account creation.
 */
export function createSwellClient(options: SwellClientOptions): SwellClient {
  const sessionId = makeSessionId();
  const local = readAppSettings(options.storage);
  const cache = new CacheConnection({
    url: cacheServerUrl(options.storage, defaultCacheUrl(options.origin)),
    noBinary: local.noBinary,
    sessionId,
    ...(options.createSocket ? { createSocket: options.createSocket } : {}),
  });
  const api = new CacheApi(cache);
  const store = new EntityStore(options.store);
  const records = new UserRecordStore(options.storage);
  const session = new Session({ storage: options.storage, ...options.login });
  const activity = options.activityTarget
    ? new ActivityTracker({ target: options.activityTarget })
    : null;
  if (activity) {
    activity.add(cache);
    activity.start();
  }
  cache.connect();

  let proxy = false;
  let relays: Promise<RelayPool> | null = null;
  let writePath: Promise<WritePath> | null = null;
  let lookup: Promise<OutboxLookup> | null = null;
  let relaysApplied: Promise<unknown> | null = null;
  let closed = false;

  // The models of the session: made on first use, replaced when the public key changes.
  let registry: ModelRegistry | null = null;
  const modelWatchers = new Set<() => void>();

  // The viewer of the store follows the session (personal actions, liked list).
  let viewer: string | null | undefined;
  const followSession = () => {
    const pk = session.pubkey;
    if (pk === viewer) return;
    viewer = pk;
    store.setViewer(pk);
    store.setLikedIds(records.get(pk).likes ?? []);
    if (relays) void connectRelays();
    if (registry) {
      registry.dispose();
      registry = null;
      for (const l of [...modelWatchers]) l();
    }
  };
  const unwatchSession = session.subscribe(followSession);
  followSession();

  const ingest = async (load: () => Promise<FeedPage>): Promise<FeedPage> => {
    const requestedAt = Date.now();
    const page = await load();
    store.ingestPage(page, { requestedAt });
    return page;
  };

  const loadRelays = (): Promise<RelayPool> => {
    relays ??= (async () => {
      const { RelayPool } = await import('./relay/relay-pool.ts');
      const pool = new RelayPool({
        sessionId,
        ...options.relays,
        ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      });
      activity?.add(pool);
      if (proxy) pool.suspend();
      // NIP-42: relays are answered with the user's signer; at once only for a local key
      // (an extension or a remote signer would ask the user for every relay).
      const authSigner = () => {
        const s = session.signer;
        pool.setAuthSigner(s ? (t) => s.signEvent(t) : null, { eager: s?.type === 'local' });
      };
      session.subscribe(authSigner);
      authSigner();
      return pool;
    })().catch((e: unknown) => {
      // Its code could not be fetched (offline, never cached): the next use tries again.
      relays = null;
      throw e;
    });
    return relays;
  };

  function connectRelays(): Promise<UserRelays> {
    const applying = applyRelays();
    relaysApplied = applying.catch(() => undefined);
    return applying;
  }

  async function applyRelays(): Promise<UserRelays> {
    const pool = await loadRelays();
    const { loadUserRelays } = await import('./relay/user-relays.ts');
    const result = await loadUserRelays(api, records, session.pubkey);
    if (!closed) pool.setRelays(result.settings);
    return result;
  }

  const write = (): Promise<WritePath> => {
    writePath ??= (async () => {
      const [{ createWritePath }, pool] = await Promise.all([
        import('./write/write-path.ts'),
        loadRelays(),
      ]);
      return createWritePath({
        store,
        api,
        pool,
        records,
        session,
        proxy: () => proxy,
        ...options.write,
      });
    })().catch((e: unknown) => {
      // Its code could not be fetched (offline, never cached): the next use tries again.
      writePath = null;
      throw e;
    });
    return writePath;
  };

  /** Publishes one event now (list actions): relays connected first if nothing did yet. */
  const publish = async (event: NostrEvent): Promise<PublishAttempt> => {
    const w = await write();
    const pool = await loadRelays();
    if (!proxy && pool.writeRelays().length === 0) await connectRelays();
    return w.publisher.publish(event);
  };

  const settings = new SettingsSync({ api, session, records });
  const loaders = new ListLoaders(api);
  const lists = new AccountLists({
    api,
    loaders,
    store,
    records,
    session,
    publish,
    applyFilterLists: () => settings.settings.applyContentModeration,
  });
  let moderationOn = settings.settings.applyContentModeration;
  settings.subscribe(() => {
    const on = settings.settings.applyContentModeration;
    if (on !== moderationOn) {
      moderationOn = on;
      lists.applyRules();
    }
  });
  if (session.pubkey) void lists.load();

  let defaults: Promise<string[]> | null = null;
  /** created_at of the relay list this client published last (unix seconds). */
  let relayListAt = 0;
  const defaultRelays = (): Promise<string[]> => {
    defaults ??= api.getDefaultRelays().catch((e: unknown) => {
      defaults = null;
      throw e;
    });
    return defaults;
  };

  let relayListQueue: Promise<unknown> = Promise.resolve();
  async function publishRelayList(
    list: RelaySettings,
  ): Promise<{ relays: UserRelays; sent: WriteResult }> {
    const me = session.pubkey;
    session.requireSigner();
    if (!me) throw new ClientError('not-signed-in');
    const [w, fallback, { relayTagsFromSettings }] = await Promise.all([
      write(),
      defaultRelays().catch(() => [] as string[]),
      import('./relay/relay-list.ts'),
    ]);
    const writes = Object.entries(list).flatMap(([url, f]) => (f.write ? [url] : []));
    // A relay list replaces the one before only when newer: quick edits wait for the next second.
    const wait = (relayListAt + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Signed before the pool changes: the old list's write relays hear of the new one too.
    const sent = await w.publishEvent(
      { kind: 10002, tags: relayTagsFromSettings(list), content: '' },
      [...writes, ...fallback],
    );
    relayListAt = sent.event.created_at;
    // The list now holds what was local: nothing stays on this device alone.
    records.update(me, { relayListPending: list, relaySettings: {} });
    return { relays: await connectRelays(), sent };
  }

  /** The pool with the user's relays applied once (a guest's too: the server's defaults). */
  const readingPool = async (): Promise<RelayPool> => {
    const pool = await loadRelays();
    await (relaysApplied ?? connectRelays().catch(() => undefined));
    return pool;
  };

  const client: SwellClient = {
    sessionId,
    cache,
    api,
    store,
    session,
    records,
    activity,
    lists,
    settings,
    get models(): ModelRegistry {
      return (registry ??= new ModelRegistry(client, session.pubkey, options.models));
    },
    watchModels(listener) {
      modelWatchers.add(listener);
      return () => {
        modelWatchers.delete(listener);
      };
    },
    async removeAccount(pubkey) {
      await session.removeAccount(pubkey);
      records.remove(pubkey);
      if (writePath || session.getSnapshot().accounts.length > 0) {
        const { outbox } = await write();
        const items = Object.values(outbox.getSnapshot().items);
        await Promise.all(
          items.filter((i) => i.event.pubkey === pubkey).map((i) => outbox.discard(i.id)),
        );
      }
    },
    async editProfile(fields) {
      const me = session.pubkey;
      session.requireSigner();
      if (!me) throw new ClientError('not-signed-in');
      // Loaded on use: a guest's first load does not carry profile editing.
      const { profileUpdate } = await import('./account/profile-edit.ts');
      const update = profileUpdate(
        {
          latestProfile: async (pk) => (await api.userProfile(pk)).users[pk] ?? null,
        },
        me,
        fields,
      );
      const outcome = await updateList({ session, publish }, update);
      if (outcome.status === 'published') store.ingestEvent(outcome.event);
      return outcome;
    },
    async createAccount({ key, profile, follows }) {
      await session.signInWithNsec(key.nsec);
      const [relaySet, { newAccountEvents }] = await Promise.all([
        connectRelays(),
        import('./account/create-account.ts'),
      ]);
      const templates = newAccountEvents(key.pubkey, profile, follows, relaySet.settings);
      const w = await write();
      const sent = [];
      for (const t of [templates.profile, templates.contacts, templates.relays]) {
        sent.push(await w.publishEvent(t));
      }
      const [p, c, r] = sent as [WriteResult, WriteResult, WriteResult];
      store.ingestEvent(p.event);
      const results = Promise.all(sent.map((x) => x.result));
      // The lists show the new follows once the contact list is out.
      void results.then(() => lists.load(true));
      return { profile: p.event, contacts: c.event, relays: r.event, results };
    },
    fetchPage: (command, payload, requestOptions) =>
      ingest(() => api.page(command, payload, requestOptions)),
    ingest,
    loadRelays,
    connectRelays,
    async saveRelaySettings(relaySettings) {
      records.update(session.pubkey, { relaySettings });
      return connectRelays();
    },
    publishRelayList(list) {
      // One at a time, in order: each edit is signed after the one before (a second later).
      const run = relayListQueue.then(() => publishRelayList(list));
      relayListQueue = run.catch(() => undefined);
      return run;
    },
    defaultRelays,
    setProxy(on) {
      proxy = on;
      void relays?.then((pool) => (on ? pool.suspend() : pool.resume()));
    },
    write,
    lookup() {
      lookup ??= import('./lookup/outbox-lookup.ts').then(
        ({ OutboxLookup }) =>
          new OutboxLookup({
            store,
            api,
            ingest,
            pool: readingPool,
            viewer: () => session.pubkey,
            proxy: () => proxy,
            ...options.lookup,
          }),
      );
      return lookup;
    },
    async close() {
      closed = true;
      unwatchSession();
      registry?.dispose();
      settings.close();
      activity?.stop();
      const w = writePath;
      if (w) await (await w.catch(() => null))?.close();
      session.signer?.close?.();
      cache.destroy();
      const pool = relays ? await relays.catch(() => null) : null;
      pool?.destroy();
    },
  };
  return client;
}
