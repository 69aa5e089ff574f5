import type { Filter } from '@swell/nostr';
import { systemClock, type Clock } from '../clock.ts';
import { RelayConnection } from '../relay/relay-connection.ts';

export interface LiveFeedWatchOptions {
  /** The relay of the server the feed comes from (its `/relay`). */
  url: string;
  filters: Filter[];
  /** Something new may be there: ask the feed for newer notes. */
  onNew(): void;
  /** Events arriving within this long make one call (ms; default 500). */
  coalesceMs?: number;
  /** At least this long between two calls (ms; default 2000). */
  minIntervalMs?: number;
  clock?: Clock;
  createSocket?: (url: string) => WebSocket;
}

/**
 * Watches a feed's authors on the server's relay and says when something new arrived, so the
 * new-notes pill shows within a second or two of a note reaching the server instead of at the
 * next periodic check (which the caller keeps as the fallback). Only new events count (the
 * subscription starts at the time it is sent); after a reconnect `onNew` runs once, for what
 * arrived meanwhile. It sleeps with the app (`suspend`/`resume`, an activity tracker's Sleeper). Events are not verified or kept here: the feed asks the cache, which did.
 */
export class LiveFeedWatch {
  private readonly opts: LiveFeedWatchOptions;
  private readonly clock: Clock;
  private readonly relay: RelayConnection;
  private readonly subId = `live-${Math.random().toString(36).slice(2, 10)}`;
  private timer: unknown = null;
  private lastCall = -Infinity;
  private everConnected = false;
  /** The stored events of the subscription are over (EOSE). */
  private live = false;
  private closed = false;

  constructor(options: LiveFeedWatchOptions) {
    this.opts = options;
    this.clock = options.clock ?? systemClock;
    this.relay = new RelayConnection(
      options.url,
      {
        onConnected: () => this.subscribeNow(),
        onDisconnected: () => {},
        onMessage: (_relay, msg) => {
          if (msg[1] !== this.subId) return;
          // Stored events (before EOSE) were there already; only live ones are new.
          if (msg[0] === 'EOSE') this.live = true;
          else if (msg[0] === 'EVENT' && this.live) this.schedule();
        },
      },
      {
        clock: this.clock,
        retryBaseMs: 2000,
        maxRetryDelayMs: 60_000,
        ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      },
    );
    this.relay.connect();
  }

  /** The app went to sleep (spec section 4): the socket closes until `resume`. */
  suspend(): void {
    if (!this.closed) this.relay.suspend();
  }

  /** Awake again: reconnects, then asks once for what arrived meanwhile. */
  resume(): void {
    if (!this.closed) this.relay.resume();
  }

  /** Stops watching for good. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.relay.send(['CLOSE', this.subId]);
    this.relay.remove();
  }

  private subscribeNow(): void {
    if (this.closed) return;
    const since = Math.floor(this.clock.now() / 1000);
    this.live = false;
    this.relay.send(['REQ', this.subId, ...this.opts.filters.map((f) => ({ ...f, since }))]);
    // Back after a drop: what arrived meanwhile was not seen.
    if (this.everConnected) this.schedule();
    this.everConnected = true;
  }

  private schedule(): void {
    if (this.closed || this.timer !== null) return;
    const coalesce = this.opts.coalesceMs ?? 500;
    const spacing = this.lastCall + (this.opts.minIntervalMs ?? 2000) - this.clock.now();
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        if (this.closed) return;
        this.lastCall = this.clock.now();
        this.opts.onNew();
      },
      Math.max(coalesce, spacing),
    );
  }
}
