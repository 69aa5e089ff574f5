import type { FeedPage, SignedEvent } from '@swell/cache-protocol';
import type { Filter, NostrEvent } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import type { RelayPool } from '../relay/relay-pool.ts';
import { relaySettingsFromTags } from '../relay/relay-list.ts';
import type { Observable } from '../store.ts';
import type { EntityStore } from '../store/entity-store.ts';
import { cleanRelays, isValidRef, lookupKey, refAuthor, type LookupRef } from './lookup-ref.ts';
import { Slots } from './slots.ts';

/** Where a lookup stands. `missing` only once every source was asked and none had it. */
export type LookupStatus =
  | { status: 'loading' }
  | {
      status: 'found';
      /** The event's id (for addresses: the current version's id). */
      id: string;
      source: 'store' | 'cache' | 'relay';
      /** The relay it came from (source relay). */
      relay?: string;
    }
  | { status: 'missing'; at: number; tried: string[] };

export interface OutboxLookupOptions {
  store: EntityStore;
  api: CacheApi;
  /** Runs a cache request and merges its page into the store (`client.ingest`). */
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  /** The relay pool with the user's relays applied (loaded only when the cache misses). */
  pool(): Promise<RelayPool>;
  /** The signed-in user, for personal stats of what the cache returns. */
  viewer?(): string | null;
  /** Proxy mode: no relay is contacted directly, so only the cache is asked. */
  proxy?(): boolean;
  /** Lookups that ask relays at the same time (default 4); the others wait. */
  maxConcurrent?: number;
  /** Relays asked per round (default 8): hints first, then the author's write relays. */
  maxRelays?: number;
  /** How long a round waits for relays (default 4400 ms, the stored-events time-out). */
  relayTimeoutMs?: number;
  /** A missing result is kept this long before a new `find` asks again (default 60 s). */
  missingTtlMs?: number;
  now?(): number;
}

/**
 * Notes, profiles and articles the cache does not hold, found the outbox way (NIP-65): first the
 * store, then the cache; then the relay hints of the reference, the author's write relays (their
 * kind 10002 as the cache knows it, else as the hinted and the user's read relays have it) and
 * the user's read relays. What comes back is verified (id, signature, matching filter) by the
 * pool, merged into the store and handed to the cache with `import_events`, so the next reader
 * gets it from there. At most `maxConcurrent` lookups ask relays at once, each round is bounded
 * by `relayTimeoutMs`, and the same thing is never looked up twice at the same time.
 *
 * Observable: `subscribe` + `getSnapshot` (a version) for `useSyncExternalStore`, with
 * `status(ref)` as the selector (the same object until it changes).
 */
export class OutboxLookup implements Observable<number> {
  private readonly opts: OutboxLookupOptions;
  private readonly slots: Slots;
  private readonly statuses = new Map<string, LookupStatus>();
  private readonly running = new Map<string, Promise<LookupStatus>>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private readonly now: () => number;

  constructor(options: OutboxLookupOptions) {
    this.opts = options;
    this.slots = new Slots(options.maxConcurrent ?? 4);
    this.now = options.now ?? Date.now;
  }

  getSnapshot = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Where the lookup of `ref` stands (undefined: never asked). */
  status(ref: LookupRef | string): LookupStatus | undefined {
    return this.statuses.get(typeof ref === 'string' ? ref : lookupKey(ref));
  }

  /**
   * Finds `ref` (at once when the store has it). A lookup under way is shared; a recent missing
   * result is returned without asking again (`retry` asks anyway).
   */
  find(ref: LookupRef): Promise<LookupStatus> {
    const key = lookupKey(ref);
    const inStore = this.fromStore(ref);
    if (inStore) return Promise.resolve(this.set(key, inStore));
    const running = this.running.get(key);
    if (running) return running;
    const known = this.statuses.get(key);
    if (known?.status === 'missing' && this.now() - known.at < (this.opts.missingTtlMs ?? 60_000))
      return Promise.resolve(known);
    if (!isValidRef(ref)) {
      return Promise.resolve(this.set(key, { status: 'missing', at: this.now(), tried: [] }));
    }
    this.set(key, { status: 'loading' });
    const run = this.run(ref)
      .catch((e: unknown): LookupStatus => {
        console.warn('lookup failed:', key, (e as Error).message);
        return { status: 'missing', at: this.now(), tried: [] };
      })
      .then((s) => {
        this.running.delete(key);
        return this.set(key, s);
      });
    this.running.set(key, run);
    return run;
  }

  /** Asks every source again (the "try again" of the missing-note placeholder). */
  retry(ref: LookupRef): Promise<LookupStatus> {
    const key = lookupKey(ref);
    if (this.statuses.get(key)?.status === 'missing') this.statuses.delete(key);
    return this.find(ref);
  }

  private set(key: string, status: LookupStatus): LookupStatus {
    const old = this.statuses.get(key);
    if (old && JSON.stringify(old) === JSON.stringify(status)) return old;
    this.statuses.set(key, status);
    this.version++;
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch (e) {
        console.error('lookup listener failed', e);
      }
    }
    return status;
  }

  private fromStore(ref: LookupRef): LookupStatus | undefined {
    const { store } = this.opts;
    if (ref.type === 'note' && store.note(ref.id))
      return { status: 'found', id: ref.id, source: 'store' };
    if (ref.type === 'profile' && store.user(ref.pubkey))
      return { status: 'found', id: store.user(ref.pubkey)!.id, source: 'store' };
    return undefined;
  }

  private async run(ref: LookupRef): Promise<LookupStatus> {
    const author = refAuthor(ref);
    const [cached, authorRelays] = await Promise.all([
      this.fromCache(ref).catch(() => undefined),
      author ? this.cachedWriteRelays(author) : Promise.resolve([]),
    ]);
    if (cached) return cached;
    if (this.opts.proxy?.()) return { status: 'missing', at: this.now(), tried: [] };
    return this.slots.run(() => this.fromRelays(ref, authorRelays));
  }

  // ---- the cache ------------------------------------------------------------------------------

  private async fromCache(ref: LookupRef): Promise<LookupStatus | undefined> {
    const { api, ingest, store } = this.opts;
    const viewer = this.opts.viewer?.() ?? undefined;
    if (ref.type === 'note') {
      await ingest(() =>
        api.events([ref.id], { extended: true, ...(viewer ? { user_pubkey: viewer } : {}) }),
      );
      return store.note(ref.id) ? { status: 'found', id: ref.id, source: 'cache' } : undefined;
    }
    if (ref.type === 'profile') {
      await ingest(() => api.userInfos([ref.pubkey]));
      const user = store.user(ref.pubkey);
      return user ? { status: 'found', id: user.id, source: 'cache' } : undefined;
    }
    const page = await ingest(() =>
      api.page('parametrized_replaceable_event', {
        pubkey: ref.pubkey,
        kind: ref.kind,
        identifier: ref.identifier,
        extended_response: true,
        ...(viewer ? { user_pubkey: viewer } : {}),
      }),
    );
    const hit = newest(page.notes.filter((e) => matchesAddress(e, ref)));
    return hit ? { status: 'found', id: hit.id, source: 'cache' } : undefined;
  }

  /** The author's write relays from their NIP-65 list, as the cache knows it. */
  private async cachedWriteRelays(author: string): Promise<string[]> {
    try {
      const page = await this.opts.api.getUserRelays(author);
      return writeRelaysOf(page.userRelays[author] ?? []);
    } catch {
      return [];
    }
  }

  // ---- relays ---------------------------------------------------------------------------------

  private async fromRelays(ref: LookupRef, authorRelays: string[]): Promise<LookupStatus> {
    const pool = await this.opts.pool();
    if (pool.isSuspended) return { status: 'missing', at: this.now(), tried: [] };
    const max = this.opts.maxRelays ?? 8;
    const timeout = { eoseTimeoutMs: this.opts.relayTimeoutMs ?? 4400 };
    const author = refAuthor(ref);
    const hints = cleanRelays([
      ...(ref.relays ?? []),
      ref.type === 'note' ? this.opts.store.relayHint(ref.id) : undefined,
    ]);
    const first = cleanRelays([...hints, ...authorRelays, ...pool.readRelays()]).slice(0, max);
    const filters: Filter[] = [targetFilter(ref)];
    // Without the author's relay list from the cache, ask the same relays for it.
    if (author && authorRelays.length === 0)
      filters.push({ kinds: [10002], authors: [author], limit: 1 });
    const got = await pool.queryRelays(filters, first, timeout);
    const hit = pick(got, ref);
    const relayList = newest(
      got.map((g) => g.event).filter((e) => e.kind === 10002 && e.pubkey === author),
    );
    if (hit) return this.accept(hit.event, hit.relay, relayList);

    const second = relayList
      ? writeRelaysOf(relayList.tags)
          .filter((u) => !first.includes(u))
          .slice(0, max)
      : [];
    if (second.length > 0) {
      const more = await pool.queryRelays([targetFilter(ref)], second, timeout);
      const found = pick(more, ref);
      if (found) return this.accept(found.event, found.relay, relayList);
    }
    return { status: 'missing', at: this.now(), tried: [...first, ...second] };
  }

  /** Shows it, hands it to the cache, and looks up its author's profile when unknown. */
  private accept(event: NostrEvent, relay: string, relayList?: NostrEvent): LookupStatus {
    const { store, api } = this.opts;
    store.ingestEvent(event as SignedEvent);
    const imports = [event, ...(relayList ? [relayList] : [])] as SignedEvent[];
    api
      .importEvents(imports)
      .catch((e: unknown) =>
        console.warn('could not hand a found event to the cache:', (e as Error).message),
      );
    if (event.kind !== 0 && !store.user(event.pubkey)) {
      void this.find({ type: 'profile', pubkey: event.pubkey, relays: [relay] });
    }
    return { status: 'found', id: event.id, source: 'relay', relay };
  }
}

function targetFilter(ref: LookupRef): Filter {
  if (ref.type === 'note') return { ids: [ref.id] };
  if (ref.type === 'profile') return { kinds: [0], authors: [ref.pubkey], limit: 1 };
  return { kinds: [ref.kind], authors: [ref.pubkey], '#d': [ref.identifier], limit: 1 };
}

function matchesAddress(
  e: Pick<NostrEvent, 'kind' | 'pubkey' | 'tags'>,
  ref: Extract<LookupRef, { type: 'address' }>,
): boolean {
  return (
    e.kind === ref.kind &&
    e.pubkey === ref.pubkey &&
    (e.tags.find((t) => t[0] === 'd')?.[1] ?? '') === ref.identifier
  );
}

function pick(
  got: Array<{ event: NostrEvent; relay: string }>,
  ref: LookupRef,
): { event: NostrEvent; relay: string } | undefined {
  const matching = got.filter(({ event: e }) =>
    ref.type === 'note'
      ? e.id === ref.id
      : ref.type === 'profile'
        ? e.kind === 0 && e.pubkey === ref.pubkey
        : matchesAddress(e, ref),
  );
  let best: { event: NostrEvent; relay: string } | undefined;
  for (const m of matching) if (!best || m.event.created_at > best.event.created_at) best = m;
  return best;
}

function newest<T extends { created_at: number }>(events: T[]): T | undefined {
  let best: T | undefined;
  for (const e of events) if (!best || e.created_at > best.created_at) best = e;
  return best;
}

function writeRelaysOf(tags: readonly (readonly string[])[]): string[] {
  return Object.entries(relaySettingsFromTags(tags))
    .filter(([, f]) => f.write)
    .map(([url]) => url);
}
