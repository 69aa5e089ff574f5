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
import {
  RelayConnection,
  type RelayConnectionOptions,
  type RelaySnapshot,
} from './relay-connection.ts';

/**
 * The relays of the user, for reading (publishing is designed in `outbox.ts`, built later).
 *
 * - Relays come from relay settings (url -> read/write); reading uses the read relays.
 * - A subscription sends its filters to each read relay, re-sends them after a reconnect (with
 *   `since` = newest event seen, once stored events were received), and ends its stored-events
 *   phase when every relay answered EOSE, failed, or 4400 ms passed.
 * - Every incoming event is checked (shape, id, signature) and must match the subscription's
 *   filters; events are de-duplicated across relays.
 * - Observable: `getSnapshot()` maps url -> relay state, with the read/write flags.
 */
export interface PoolRelayState extends RelaySnapshot {
  read: boolean;
  write: boolean;
}

export type RelayPoolSnapshot = Record<string, PoolRelayState>;

export interface RelayPoolOptions extends RelayConnectionOptions {
  /** Time-out of the stored-events phase (spec: 4400 ms). */
  eoseTimeoutMs?: number;
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
  eoseTimeoutMs?: number;
}

export interface PoolSubscription {
  readonly id: string;
  close(): void;
}

interface RelaySubState {
  eose: boolean;
  sentOn: boolean;
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

/** Normalises a relay URL so duplicates collapse (lower-case host, no trailing slash). */
export function normalizeRelayUrl(url: string): string | null {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'wss:' && u.protocol !== 'ws:') return null;
    u.hash = '';
    const s = u.toString();
    return s.endsWith('/') && u.pathname === '/' ? s.slice(0, -1) : s;
  } catch {
    return null;
  }
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

  constructor(options: RelayPoolOptions = {}) {
    this.opts = options;
    this.clock = options.clock ?? systemClock;
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
    for (const url of [...this.relays.keys()]) if (!(url in next)) this.removeRelay(url);
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
          onConnected: () => this.onConnected(),
          onDisconnected: (r) => this.onDisconnected(r),
          onMessage: (r, m) => this.onMessage(r, m),
        },
        this.opts,
      );
      this.relays.set(n, relay);
      this.unwatch.set(
        n,
        relay.subscribe(() => {
          this.publishState();
          if (relay.status === 'failed') this.relayGaveUp();
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
    relay.remove();
    this.unwatch.get(n)?.();
    this.unwatch.delete(n);
    this.relays.delete(n);
    const { [n]: _gone, ...rest } = this.settings;
    this.settings = rest;
    this.publishState();
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
      const filters =
        st.eose && sub.newest > 0
          ? sub.filters.map((f) => ({ ...f, since: sub.newest }))
          : sub.filters;
      if (relay.send(['REQ', sub.id, ...filters])) st.sentOn = true;
    }
  }

  private closeSub(sub: ActiveSub): void {
    if (!this.subs.delete(sub.id)) return;
    if (sub.timer !== null) this.clock.clearTimeout(sub.timer);
    for (const [url, st] of sub.perRelay) {
      if (st.sentOn) this.relays.get(url)?.send(['CLOSE', sub.id]);
    }
  }

  private checkEose(sub: ActiveSub): void {
    if (sub.eosed) return;
    const relays = this.targets(sub);
    const pending = relays.some((url) => {
      const st = sub.perRelay.get(url);
      const relay = this.relays.get(url);
      return !st?.eose && relay && relay.status !== 'failed' && relay.status !== 'removed';
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

  private onConnected(): void {
    for (const sub of this.subs.values()) this.sendSub(sub);
  }

  private onDisconnected(relay: RelayConnection): void {
    for (const sub of this.subs.values()) {
      const st = sub.perRelay.get(relay.url);
      if (st) st.sentOn = false;
    }
  }

  private onMessage(relay: RelayConnection, msg: unknown[]): void {
    const [verb, subId] = msg;
    if (typeof subId !== 'string') {
      if (verb === 'NOTICE') console.info(`${relay.url} NOTICE:`, msg[1]);
      return;
    }
    const sub = this.subs.get(subId);
    if (!sub) return;
    if (verb === 'EVENT') this.onEvent(relay, sub, msg[2]);
    else if (verb === 'EOSE' || verb === 'CLOSED') {
      const st = sub.perRelay.get(relay.url);
      if (st) st.eose = true;
      if (verb === 'CLOSED') console.info(`${relay.url} closed ${subId}:`, msg[2]);
      this.checkEose(sub);
    }
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
      snap[url] = { ...relay.getSnapshot(), ...flags };
    }
    this.state.set(snap);
  }
}
