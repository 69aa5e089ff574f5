import { systemClock, type Clock } from '../clock.ts';
import { ValueStore, type Observable } from '../store.ts';

/**
 * One relay websocket (spec section 4, "Relay connection"): connecting -> connected; closed on
 * error, close or time-out (4400 ms to connect). Failures retry with a growing delay, at most
 * 10 attempts, then the relay stays `failed` with 'Reached atempt limit'. A removed relay
 * (`remove()`) is never retried. `suspend()` closes without counting a failure (inactivity,
 * proxy mode); `resume()` reconnects.
 *
 * Subscriptions are owned by the pool: the connection tells it when it is connected (to send
 * or re-send REQs) and hands it every parsed message.
 */
export type RelayStatus =
  'idle' | 'connecting' | 'connected' | 'closed' | 'suspended' | 'failed' | 'removed';

export interface RelaySnapshot {
  url: string;
  status: RelayStatus;
  /** Consecutive failed attempts. */
  attempts: number;
  /** Delay of the scheduled retry, or null. */
  retryInMs: number | null;
  lastError: string | null;
}

export interface RelayConnectionOptions {
  createSocket?: (url: string) => WebSocket;
  /** Spec: 4400 ms. */
  connectTimeoutMs?: number;
  /** Retry n waits `retryBaseMs * 2^(n-1)` (capped by maxRetryDelayMs). */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** Spec: 10. */
  maxAttempts?: number;
  clock?: Clock;
}

export interface RelayHandlers {
  onConnected(relay: RelayConnection): void;
  onDisconnected(relay: RelayConnection): void;
  onMessage(relay: RelayConnection, message: unknown[]): void;
}

export const attemptLimitMessage = 'Reached atempt limit';

export class RelayConnection implements Observable<RelaySnapshot> {
  readonly url: string;
  private readonly opts: Required<Omit<RelayConnectionOptions, 'clock'>>;
  private readonly clock: Clock;
  private readonly handlers: RelayHandlers;
  private readonly state: ValueStore<RelaySnapshot>;
  private ws: WebSocket | null = null;
  private connectTimer: unknown = null;
  private retryTimer: unknown = null;

  constructor(url: string, handlers: RelayHandlers, options: RelayConnectionOptions = {}) {
    this.url = url;
    this.handlers = handlers;
    this.clock = options.clock ?? systemClock;
    this.opts = {
      createSocket: options.createSocket ?? ((u) => new WebSocket(u)),
      connectTimeoutMs: options.connectTimeoutMs ?? 4400,
      retryBaseMs: options.retryBaseMs ?? 1000,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
      maxAttempts: options.maxAttempts ?? 10,
    };
    this.state = new ValueStore<RelaySnapshot>({
      url,
      status: 'idle',
      attempts: 0,
      retryInMs: null,
      lastError: null,
    });
  }

  getSnapshot = (): RelaySnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  get status(): RelayStatus {
    return this.state.getSnapshot().status;
  }

  get connected(): boolean {
    return this.status === 'connected' && this.ws?.readyState === this.ws?.OPEN;
  }

  /** Opens the socket unless open, opening, removed or past the attempt limit. */
  connect(): void {
    const s = this.status;
    if (s === 'connecting' || s === 'connected' || s === 'removed' || s === 'failed') return;
    this.clearTimers();
    this.state.update({ status: 'connecting', retryInMs: null });
    let ws: WebSocket;
    try {
      ws = this.opts.createSocket(this.url);
    } catch (e) {
      this.fail((e as Error).message || 'invalid relay URL');
      return;
    }
    this.ws = ws;
    this.connectTimer = this.clock.setTimeout(() => {
      this.connectTimer = null;
      if (ws === this.ws && this.status === 'connecting') this.drop('connection timed out');
    }, this.opts.connectTimeoutMs);
    ws.addEventListener('open', () => {
      if (ws !== this.ws) return;
      this.clearTimers();
      this.state.update({ status: 'connected', attempts: 0, lastError: null });
      this.handlers.onConnected(this);
    });
    ws.addEventListener('message', (ev) => {
      if (ws !== this.ws || typeof ev.data !== 'string') return;
      let msg: unknown;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (Array.isArray(msg) && typeof msg[0] === 'string') this.handlers.onMessage(this, msg);
    });
    ws.addEventListener('error', () => {
      if (ws === this.ws) this.drop('connection error');
    });
    ws.addEventListener('close', () => {
      if (ws === this.ws) this.drop('connection closed');
    });
  }

  /** Sends a message if connected; returns whether it went out. */
  send(message: unknown[]): boolean {
    if (!this.connected || !this.ws) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Closes without retrying and without counting a failure. */
  suspend(): void {
    if (this.status === 'removed') return;
    this.closeSocket();
    this.state.update({ status: 'suspended', retryInMs: null });
  }

  /** Reconnects after `suspend()` or a spent attempt limit (a fresh count). */
  resume(): void {
    if (this.status === 'removed') return;
    if (this.status === 'failed') this.state.update({ status: 'closed', attempts: 0 });
    if (this.status === 'suspended') this.state.update({ status: 'closed' });
    this.connect();
  }

  /** Removed relays are closed for good and never retried. */
  remove(): void {
    this.closeSocket();
    this.state.update({ status: 'removed', retryInMs: null });
  }

  private closeSocket(): void {
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      try {
        ws.close();
      } catch {
        // closing anyway
      }
      this.handlers.onDisconnected(this);
    }
  }

  /** An accidental close, error or time-out: count it and schedule a retry (or give up). */
  private drop(reason: string): void {
    this.closeSocket();
    this.fail(reason);
  }

  private fail(reason: string): void {
    const attempts = this.state.getSnapshot().attempts + 1;
    if (attempts >= this.opts.maxAttempts) {
      this.state.update({
        status: 'failed',
        attempts,
        retryInMs: null,
        lastError: attemptLimitMessage,
      });
      console.warn(`${this.url}: ${attemptLimitMessage} (${reason})`);
      return;
    }
    const delay = Math.min(this.opts.maxRetryDelayMs, this.opts.retryBaseMs * 2 ** (attempts - 1));
    this.state.update({ status: 'closed', attempts, retryInMs: delay, lastError: reason });
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      if (this.status === 'closed') this.connect();
    }, delay);
  }

  private clearTimers(): void {
    if (this.connectTimer !== null) this.clock.clearTimeout(this.connectTimer);
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.connectTimer = null;
    this.retryTimer = null;
  }
}
