import {
  checkEvent,
  matchFilters,
  validateEvent,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import { systemClock, type Clock } from '../clock.ts';
import { ValueStore, type Observable } from '../store.ts';
import type { RelaySettings } from '../storage/user-record.ts';
import { RelayAuthenticator, type AuthSign, type RelayAuthState } from './relay-auth.ts';
import {
  RelayConnection,
  type RelayConnectionOptions,
  type RelaySnapshot,
} from './relay-connection.ts';
import { PublishJob } from './relay-publish.ts';
import { normalizeRelayUrl } from './relay-url.ts';

export { normalizeRelayUrl } from './relay-url.ts';

/**
 * The relays of the user, for reading and writing.
 *
 * - Relays come from relay settings (url -> read/write); reading uses the read relays.
 * - A subscription sends its filters to each read relay, re-sends them after a reconnect (with
 *   `since` = newest event seen, once stored events were received), and ends its stored-events
 *   phase when every relay answered EOSE, failed, or 4400 ms passed.
 * - Every incoming event is checked (shape, id, signature) and must match the subscription's
 *   filters; events are de-duplicated across relays.
 * - Publishing (`publish`) sends to given relays and collects their OKs (relay-publish.ts);
 *   relays outside the settings (relay hints) are connected for that publish only.
 * - NIP-42: challenges are answered with the signer given to `setAuthSigner` (relay-auth.ts).
 * - Observable: `getSnapshot()` maps url -> relay state, with the read/write flags.
 */
export interface PoolRelayState extends RelaySnapshot {
  read: boolean;
  write: boolean;
  auth: RelayAuthState;
  /** Connected only to deliver a copy of an event (a relay hint), not one of the user's. */
  transient: boolean;
}

export type RelayPoolSnapshot = Record<string, PoolRelayState>;

export interface RelayPoolOptions extends RelayConnectionOptions {
  /** Time-out of the stored-events phase (spec: 4400 ms). */
  eoseTimeoutMs?: number;
  /** Per-relay publish time-out (spec: 8000 ms). */
  publishTimeoutMs?: number;
  /** Time-out of the relay's OK to an AUTH event. */
  authTimeoutMs?: number;
  /** Session id used in subscription ids. */
  sessionId?: string;
  clock?: Clock;
}

export interface SubscribeOptions {
  onEvent(event: NostrEvent, relayUrl: string): void;
  /** Once: every relay sent EOSE, failed, or the time-out passed. */
  onEose?(): void;
  /** Limit to these relays (default: every read relay, including ones added later). */
  relays?: string[];
  /**
   * Connect the `relays` that are not the user's (a contact's DM relays, NIP-17) for as long as
   * the subscription lives; they are neither read nor write relays.
   */
  connect?: boolean;
  /**
   * After a reconnect the filters ask again with `since` = newest event seen minus this (gift
   * wraps are dated up to two days in the past, NIP-59). Default 0.
   */
  resumeSlackSeconds?: number;
  eoseTimeoutMs?: number;
}

export interface PoolSubscription {
  readonly id: string;
  close(): void;
}

interface RelaySubState {
  eose: boolean;
  sentOn: boolean;
  /** An `auth-required:` refusal was answered with AUTH once. */
  authTried?: boolean;
}

interface ActiveSub {
  id: string;
  filters: Filter[];
  opts: SubscribeOptions;
  seen: Set<string>;
  newest: number;
  eosed: boolean;
  perRelay: Map<string, RelaySubState>;
  timer: unknown;
}

export class RelayPool implements Observable<RelayPoolSnapshot> {
  private readonly opts: RelayPoolOptions;
  private readonly clock: Clock;
  private readonly relays = new Map<string, RelayConnection>();
  private settings: RelaySettings = {};
  private readonly subs = new Map<string, ActiveSub>();
  private readonly state = new ValueStore<RelayPoolSnapshot>({});
  private readonly unwatch = new Map<string, () => void>();
  private counter = 0;
  private suspended = false;
  private readonly auth: RelayAuthenticator;
  private readonly jobs = new Set<PublishJob>();
  /** Relays added for one publish (relay hints), removed when no publish needs them. */
  private readonly transient = new Set<string>();
  /** Reads (`queryRelays`) under way per relay URL; their transient relays stay open meanwhile. */
  private readonly readers = new Map<string, number>();

  constructor(options: RelayPoolOptions = {}) {
    this.opts = options;
    this.clock = options.clock ?? systemClock;
    this.auth = new RelayAuthenticator({
      clock: this.clock,
      timeoutMs: options.authTimeoutMs ?? options.publishTimeoutMs ?? 8000,
      onChange: () => this.publishState(),
    });
  }

  getSnapshot = (): RelayPoolSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Replaces the relay list: new relays connect, missing ones are removed (never retried). */
  setRelays(settings: RelaySettings): void {
    const next: RelaySettings = {};
    for (const [url, flags] of Object.entries(settings)) {
      const n = normalizeRelayUrl(url);
      if (n) next[n] = { read: !!flags.read, write: !!flags.write };
    }
    for (const url of [...this.relays.keys()]) {
      if (url in next) this.transient.delete(url);
      // A relay dropped from the list while a publish to it is under way (the relay list's own
      // event: the old list's relays must hear of the new one) stays until that job finishes.
      else if (this.jobsFor(url).length > 0) this.transient.add(url);
      else if (!(this.transient.has(url) && this.inUse(url))) this.removeRelay(url);
    }
    this.settings = next;
    for (const url of Object.keys(next)) this.addRelay(url, next[url]);
    this.publishState();
    for (const sub of this.subs.values()) this.sendSub(sub);
  }

  addRelay(
    url: string,
    flags: { read: boolean; write: boolean } = { read: true, write: true },
  ): void {
    const n = normalizeRelayUrl(url);
    if (!n) throw new Error(`invalid relay URL: ${url}`);
    this.settings = { ...this.settings, [n]: flags };
    if (!this.relays.has(n)) {
      const relay = new RelayConnection(
        n,
        {
          onConnected: (r) => this.onConnected(r),
          onDisconnected: (r) => this.onDisconnected(r),
          onMessage: (r, m) => this.onMessage(r, m),
        },
        this.opts,
      );
      this.relays.set(n, relay);
      let last = relay.getSnapshot();
      this.unwatch.set(
        n,
        relay.subscribe(() => {
          const snap = relay.getSnapshot();
          const prev = last;
          last = snap;
          this.publishState();
          if (snap.status === 'failed' || snap.status === 'removed') {
            for (const job of this.jobsFor(n)) job.onGaveUp(relay, snap.lastError);
          } else if (snap.lastError && snap.lastError !== prev.lastError) {
            for (const job of this.jobsFor(n)) job.onConnectError(relay, snap.lastError);
          }
          // A relay reached only for this read or publish is not waited for once it failed.
          if (snap.status === 'failed' || (this.transient.has(n) && snap.status === 'closed'))
            this.relayGaveUp();
        }),
      );
      if (!this.suspended) relay.connect();
    }
    this.publishState();
    for (const sub of this.subs.values()) this.sendSub(sub);
  }

  /** Closes a relay for good; subscriptions stop waiting for it. */
  removeRelay(url: string): void {
    const n = normalizeRelayUrl(url) ?? url;
    const relay = this.relays.get(n);
    if (!relay) return;
    this.unwatch.get(n)?.();
    this.unwatch.delete(n);
    this.relays.delete(n);
    this.transient.delete(n);
    relay.remove();
    this.auth.forget(n);
    const { [n]: _gone, ...rest } = this.settings;
    this.settings = rest;
    this.publishState();
    for (const job of this.jobsFor(n)) job.onGaveUp(relay, 'relay-removed');
    for (const sub of this.subs.values()) {
      sub.perRelay.delete(n);
      this.checkEose(sub);
    }
  }

  relay(url: string): RelayConnection | undefined {
    return this.relays.get(normalizeRelayUrl(url) ?? url);
  }

  readRelays(): string[] {
    return Object.keys(this.settings).filter((u) => this.settings[u]!.read);
  }

  writeRelays(): string[] {
    return Object.keys(this.settings).filter((u) => this.settings[u]!.write);
  }

  // ---- publishing ---------------------------------------------------------------------------

  /**
   * Sends `event` to these relays (the write relays, plus hints) and collects the OKs: see
   * `PublishJob` (success on the first OK true, per-relay results, time-out per relay).
   */
  publish(event: NostrEvent, urls: string[], options: { timeoutMs?: number } = {}): PublishJob {
    const targets = [
      ...new Set(urls.map((u) => normalizeRelayUrl(u)).filter((u): u is string => !!u)),
    ];
    const job = new PublishJob(
      event,
      targets,
      {
        clock: this.clock,
        auth: this.auth,
        open: (url) => this.open(url),
        finished: (j) => this.jobFinished(j),
      },
      options.timeoutMs ?? this.opts.publishTimeoutMs ?? 8000,
    );
    this.jobs.add(job);
    job.start();
    return job;
  }

  /**
   * NIP-42: the signer that answers relays' AUTH challenges (null: none). `eager` answers as
   * soon as a relay sends a challenge (for signers that do not ask the user); otherwise only
   * when a relay refuses something with `auth-required:`.
   */
  setAuthSigner(sign: AuthSign | null, options: { eager?: boolean } = {}): void {
    this.auth.setSigner(sign, options.eager ?? false, this.relays.values());
  }

  /** Answers a relay's AUTH challenge now; true once it accepted. */
  authenticate(url: string): Promise<boolean> {
    const relay = this.relay(url);
    return relay ? this.auth.authenticate(relay) : Promise.resolve(false);
  }

  private open(url: string): RelayConnection | undefined {
    let relay = this.relays.get(url);
    if (!relay) {
      this.transient.add(url);
      try {
        this.addRelay(url, { read: false, write: false });
      } catch {
        this.transient.delete(url);
        return undefined;
      }
      relay = this.relays.get(url);
    }
    // A publish is a reason to try a relay that had given up.
    if (relay && relay.status === 'failed' && !this.suspended) relay.resume();
    return relay;
  }

  private jobsFor(url: string): PublishJob[] {
    return [...this.jobs].filter((j) => j.urls.includes(url));
  }

  private inUse(url: string): boolean {
    if (this.jobsFor(url).length > 0 || (this.readers.get(url) ?? 0) > 0) return true;
    for (const sub of this.subs.values()) {
      if (sub.opts.connect && sub.opts.relays?.some((u) => (normalizeRelayUrl(u) ?? u) === url)) {
        return true;
      }
    }
    return false;
  }

  private jobFinished(job: PublishJob): void {
    this.jobs.delete(job);
    for (const url of job.urls) {
      if (this.transient.has(url) && !this.inUse(url)) this.removeRelay(url);
    }
  }

  /** True while suspended (inactivity or proxy mode): no socket opens. */
  get isSuspended(): boolean {
    return this.suspended;
  }

  /** Inactivity or proxy mode: every socket closes; subscriptions wait. */
  suspend(): void {
    this.suspended = true;
    for (const r of this.relays.values()) r.suspend();
  }

  resume(): void {
    this.suspended = false;
    for (const r of this.relays.values()) r.resume();
  }

  /** Closes everything. */
  destroy(): void {
    for (const sub of [...this.subs.values()]) this.closeSub(sub);
    for (const url of [...this.relays.keys()]) this.removeRelay(url);
  }

  // ---- subscriptions ----------------------------------------------------------------------

  subscribeFilters(filters: Filter[], opts: SubscribeOptions): PoolSubscription {
    this.counter += 1;
    const id = `${this.opts.sessionId ?? 'sub'}_${this.counter}`;
    const sub: ActiveSub = {
      id,
      filters,
      opts,
      seen: new Set(),
      newest: 0,
      eosed: false,
      perRelay: new Map(),
      timer: null,
    };
    this.subs.set(id, sub);
    if (opts.connect) {
      for (const u of opts.relays ?? []) {
        const n = normalizeRelayUrl(u);
        if (n && !this.relays.has(n)) this.open(n);
      }
    }
    sub.timer = this.clock.setTimeout(
      () => {
        sub.timer = null;
        this.finishEose(sub);
      },
      opts.eoseTimeoutMs ?? this.opts.eoseTimeoutMs ?? 4400,
    );
    this.sendSub(sub);
    this.checkEose(sub);
    return { id, close: () => this.closeSub(sub) };
  }

  /** Collects the stored events of every read relay (until EOSE or the time-out). */
  query(
    filters: Filter[],
    opts: Omit<SubscribeOptions, 'onEvent' | 'onEose'> = {},
  ): Promise<NostrEvent[]> {
    return new Promise((resolve) => {
      const events: NostrEvent[] = [];
      const sub = this.subscribeFilters(filters, {
        ...opts,
        onEvent: (e) => events.push(e),
        onEose: () => {
          queueMicrotask(() => sub.close());
          resolve(events);
        },
      });
    });
  }

  /**
   * Collects the stored events of these relays (until each answered EOSE, failed, or the
   * time-out passed), each verified and matching the filters, with the relay it came from.
   * Relays outside the settings (an author's write relays, relay hints: the outbox model) are
   * connected for this read only and not waited for once a connection attempt failed.
   */
  queryRelays(
    filters: Filter[],
    urls: string[],
    opts: { eoseTimeoutMs?: number } = {},
  ): Promise<Array<{ event: NostrEvent; relay: string }>> {
    const targets = [
      ...new Set(urls.map((u) => normalizeRelayUrl(u)).filter((u): u is string => !!u)),
    ].filter((u) => this.open(u) !== undefined);
    for (const url of targets) this.readers.set(url, (this.readers.get(url) ?? 0) + 1);
    const release = () => {
      for (const url of targets) {
        const n = (this.readers.get(url) ?? 1) - 1;
        if (n > 0) this.readers.set(url, n);
        else this.readers.delete(url);
        if (this.transient.has(url) && !this.inUse(url)) this.removeRelay(url);
      }
    };
    if (targets.length === 0) return Promise.resolve([]);
    return new Promise((resolve) => {
      const found: Array<{ event: NostrEvent; relay: string }> = [];
      const sub = this.subscribeFilters(filters, {
        relays: targets,
        ...(opts.eoseTimeoutMs !== undefined ? { eoseTimeoutMs: opts.eoseTimeoutMs } : {}),
        onEvent: (event, relay) => found.push({ event, relay }),
        onEose: () => {
          queueMicrotask(() => {
            sub.close();
            release();
          });
          resolve(found);
        },
      });
    });
  }

  private targets(sub: ActiveSub): string[] {
    const wanted = sub.opts.relays?.map((u) => normalizeRelayUrl(u) ?? u);
    return wanted ? wanted.filter((u) => this.relays.has(u)) : this.readRelays();
  }

  private sendSub(sub: ActiveSub): void {
    for (const url of this.targets(sub)) {
      let st = sub.perRelay.get(url);
      if (!st) {
        st = { eose: false, sentOn: false };
        sub.perRelay.set(url, st);
      }
      const relay = this.relays.get(url);
      if (!relay || st.sentOn || !relay.connected) continue;
      // After a reconnect, ask only for what is newer than what we have.
      const since = sub.newest - (sub.opts.resumeSlackSeconds ?? 0);
      const filters =
        st.eose && sub.newest > 0 ? sub.filters.map((f) => ({ ...f, since })) : sub.filters;
      if (relay.send(['REQ', sub.id, ...filters])) st.sentOn = true;
    }
  }

  private closeSub(sub: ActiveSub): void {
    if (!this.subs.delete(sub.id)) return;
    if (sub.timer !== null) this.clock.clearTimeout(sub.timer);
    for (const [url, st] of sub.perRelay) {
      if (st.sentOn) this.relays.get(url)?.send(['CLOSE', sub.id]);
      if (this.transient.has(url) && !this.inUse(url)) this.removeRelay(url);
    }
  }

  private checkEose(sub: ActiveSub): void {
    if (sub.eosed) return;
    const relays = this.targets(sub);
    const pending = relays.some((url) => {
      const st = sub.perRelay.get(url);
      const relay = this.relays.get(url);
      if (st?.eose || !relay || relay.status === 'failed' || relay.status === 'removed')
        return false;
      return !(this.transient.has(url) && relay.status === 'closed');
    });
    if (!pending) this.finishEose(sub);
  }

  private finishEose(sub: ActiveSub): void {
    if (sub.eosed || !this.subs.has(sub.id)) return;
    sub.eosed = true;
    if (sub.timer !== null) this.clock.clearTimeout(sub.timer);
    sub.timer = null;
    sub.opts.onEose?.();
  }

  private relayGaveUp(): void {
    for (const sub of this.subs.values()) this.checkEose(sub);
  }

  // ---- relay events -----------------------------------------------------------------------

  private onConnected(relay: RelayConnection): void {
    for (const sub of this.subs.values()) this.sendSub(sub);
    for (const job of this.jobsFor(relay.url)) job.onConnected(relay);
  }

  private onDisconnected(relay: RelayConnection): void {
    for (const sub of this.subs.values()) {
      const st = sub.perRelay.get(relay.url);
      if (st) st.sentOn = false;
    }
    this.auth.onDisconnected(relay.url);
    for (const job of this.jobsFor(relay.url)) job.onDisconnected(relay, null);
  }

  private onMessage(relay: RelayConnection, msg: unknown[]): void {
    const [verb, subId] = msg;
    if (verb === 'OK') return this.onOk(relay, msg);
    if (verb === 'AUTH') {
      if (typeof subId === 'string') this.auth.onChallenge(relay, subId);
      return;
    }
    if (typeof subId !== 'string') {
      if (verb === 'NOTICE') console.info(`${relay.url} NOTICE:`, msg[1]);
      return;
    }
    const sub = this.subs.get(subId);
    if (!sub) return;
    if (verb === 'EVENT') this.onEvent(relay, sub, msg[2]);
    else if (verb === 'CLOSED' && String(msg[2]).startsWith('auth-required:')) {
      this.onAuthRequired(relay, sub, String(msg[2]));
    } else if (verb === 'EOSE' || verb === 'CLOSED') {
      const st = sub.perRelay.get(relay.url);
      if (st) st.eose = true;
      if (verb === 'CLOSED') console.info(`${relay.url} closed ${subId}:`, msg[2]);
      this.checkEose(sub);
    }
  }

  private onOk(relay: RelayConnection, msg: unknown[]): void {
    const [, id, accepted, message] = msg;
    if (typeof id !== 'string') return;
    const text = typeof message === 'string' ? message : '';
    if (this.auth.onOk(relay.url, id, accepted === true, text)) return;
    for (const job of this.jobs) {
      if (job.event.id === id) job.onOk(relay, accepted === true, text);
    }
  }

  /** A subscription refused for want of NIP-42 AUTH: authenticate once, then ask again. */
  private onAuthRequired(relay: RelayConnection, sub: ActiveSub, reason: string): void {
    const st = sub.perRelay.get(relay.url);
    if (!st) return;
    const giveUp = () => {
      st.eose = true;
      console.info(`${relay.url} closed ${sub.id}:`, reason);
      this.checkEose(sub);
    };
    if (st.authTried || !this.auth.canSign) return giveUp();
    st.authTried = true;
    void this.auth.authenticate(relay).then((ok) => {
      if (!this.subs.has(sub.id)) return;
      if (!ok) return giveUp();
      st.sentOn = false;
      this.sendSub(sub);
    });
  }

  private onEvent(relay: RelayConnection, sub: ActiveSub, raw: unknown): void {
    // Cheap checks first (shape, duplicate, filters), then the id and the signature.
    const shape = validateEvent(raw);
    if (!shape.ok || sub.seen.has(shape.event.id)) return;
    if (!matchFilters(sub.filters, shape.event)) return;
    const checked = checkEvent(shape.event);
    if (!checked.ok) return;
    const event = checked.event;
    sub.seen.add(event.id);
    if (event.created_at > sub.newest) sub.newest = event.created_at;
    sub.opts.onEvent(event, relay.url);
  }

  private publishState(): void {
    const snap: RelayPoolSnapshot = {};
    for (const [url, relay] of this.relays) {
      const flags = this.settings[url] ?? { read: false, write: false };
      snap[url] = {
        ...relay.getSnapshot(),
        ...flags,
        auth: this.auth.state(url),
        transient: this.transient.has(url),
      };
    }
    this.state.set(snap);
  }
}
