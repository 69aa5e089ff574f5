import { CacheError } from '../errors.ts';
import { systemClock, type Clock } from '../clock.ts';
import {
  request,
  stream,
  type CacheResponse,
  type RequestOptions,
  type StreamHandlers,
  type Subscription,
  type SubscriptionHost,
} from './cache-subscription.ts';
import { makeSessionId } from '../session-id.ts';
import { ValueStore, type Observable } from '../store.ts';
import {
  closeFrame,
  parseServerMessage,
  reqFrame,
  setProtocolFrame,
  type CacheCommand,
  type CachePayloads,
} from '@swell/cache-protocol';

export type { CacheResponse, RequestOptions, StreamHandlers } from './cache-subscription.ts';

/**
 * The relay beside a cache server (`wss://host/v1` -> `wss://host/relay`: our server serves both
 * on one port; where nothing answers there, the watch gives up after its retries).
 */
export function relayBesideCache(cacheUrl: string): string | null {
  try {
    const u = new URL(cacheUrl);
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') return null;
    return `${u.protocol}//${u.host}/relay`;
  } catch {
    return null;
  }
}

/**
 * The one websocket to the caching service (spec section 4, "Cache connection").
 *
 * connecting -> open -> (set_primal_protocol, unless noBinary) -> ready on its EOSE.
 * An accidental close clears ready and reconnects after 200 ms; repeated failures back off
 * exponentially with jitter. `reset()` reconnects after 1 s. Messages wait while not ready and
 * are retried every 100 ms. Open subscriptions are re-sent after a reconnect, so requests and
 * streams survive drops.
 */
export type CacheConnectionStatus =
  'idle' | 'connecting' | 'open' | 'ready' | 'closed' | 'sleeping';

export interface CacheConnectionSnapshot {
  status: CacheConnectionStatus;
  url: string;
  noBinary: boolean;
  sessionId: string;
  /** Consecutive connection attempts that failed to reach ready. */
  failures: number;
  /** Delay of the scheduled reconnect, or null when none is scheduled. */
  reconnectInMs: number | null;
  lastError: string | null;
  /** Subscriptions (requests and streams) in progress. */
  pending: number;
}

export interface CacheConnectionOptions {
  /** The cache websocket URL, e.g. `wss://cache.example/v1` or `ws://127.0.0.1:8080/v1`. */
  url: string;
  /** Skip the zlib handshake: every answer stays a text frame. */
  noBinary?: boolean;
  /** Defaults to `makeSessionId()`. Subscription ids are `${sessionId}_${n}`. */
  sessionId?: string;
  /** Creates the socket; defaults to the global WebSocket (browsers and Node 22+). */
  createSocket?: (url: string) => WebSocket;
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  resetDelayMs?: number;
  sendRetryMs?: number;
  /** How long to wait for the set_primal_protocol EOSE before treating the socket as ready. */
  handshakeTimeoutMs?: number;
  /** Default time limit of `request`. */
  requestTimeoutMs?: number;
  random?: () => number;
  clock?: Clock;
}

export class CacheConnection implements Observable<CacheConnectionSnapshot> {
  readonly sessionId: string;
  private url: string;
  private noBinary: boolean;
  private readonly opts: Required<
    Omit<CacheConnectionOptions, 'url' | 'noBinary' | 'sessionId' | 'clock' | 'random'>
  >;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly state: ValueStore<CacheConnectionSnapshot>;

  private ws: WebSocket | null = null;
  private deliberate = false;
  private failures = 0;
  private counter = 0;
  private readonly subs = new Map<string, Subscription>();
  private readonly outbox: string[] = [];
  private reconnectTimer: unknown = null;
  private retryTimer: unknown = null;
  private handshakeTimer: unknown = null;
  /** What requests and streams (cache-subscription.ts) use of this connection. */
  private readonly host: SubscriptionHost;

  constructor(options: CacheConnectionOptions) {
    this.url = options.url;
    this.noBinary = options.noBinary ?? false;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.sessionId = options.sessionId ?? makeSessionId(undefined, this.random);
    this.opts = {
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      reconnectDelayMs: options.reconnectDelayMs ?? 200,
      maxReconnectDelayMs: options.maxReconnectDelayMs ?? 30_000,
      resetDelayMs: options.resetDelayMs ?? 1000,
      sendRetryMs: options.sendRetryMs ?? 100,
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 4400,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    };
    this.host = {
      clock: this.clock,
      requestTimeoutMs: this.opts.requestTimeoutMs,
      nextSubId: () => this.nextSubId(),
      add: (sub) => this.addSub(sub),
      remove: (subId, sendClose) => this.removeSub(subId, sendClose),
    };
    this.state = new ValueStore<CacheConnectionSnapshot>({
      status: 'idle',
      url: this.url,
      noBinary: this.noBinary,
      sessionId: this.sessionId,
      failures: 0,
      reconnectInMs: null,
      lastError: null,
      pending: 0,
    });
  }

  // ---- observable state -------------------------------------------------------------------

  getSnapshot = (): CacheConnectionSnapshot => this.state.getSnapshot();
  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  get status(): CacheConnectionStatus {
    return this.state.getSnapshot().status;
  }

  /** Resolves when the connection is ready (connecting first if idle). */
  whenReady(signal?: AbortSignal): Promise<void> {
    if (this.status === 'ready') return Promise.resolve();
    if (this.status === 'idle') this.connect();
    return new Promise((resolve, reject) => {
      const stop = this.subscribe(() => {
        if (this.status === 'ready') {
          stop();
          resolve();
        }
      });
      signal?.addEventListener(
        'abort',
        () => {
          stop();
          reject(new CacheError('aborted', 'whenReady', 'aborted'));
        },
        { once: true },
      );
    });
  }

  // ---- lifecycle ---------------------------------------------------------------------------

  /** Opens the socket unless it is already open or opening. */
  connect(): void {
    this.deliberate = false;
    const s = this.status;
    if (s === 'connecting' || s === 'open' || s === 'ready') return;
    this.openSocket();
  }

  /** Deliberate close: no reconnect. Open subscriptions wait and are re-sent on `connect()`. */
  disconnect(): void {
    this.closeDeliberately('closed');
  }

  /** Inactivity: like `disconnect`, reported as sleeping. `wake()` reconnects. */
  sleep(): void {
    this.closeDeliberately('sleeping');
  }

  wake(): void {
    this.connect();
  }

  /** Disconnects and reconnects after 1 s (spec: reset). */
  reset(): void {
    this.closeDeliberately('closed');
    this.scheduleReconnect(this.opts.resetDelayMs);
  }

  /** Switches to another cache (Settings > Network) and resets. */
  setServer(url: string, noBinary = this.noBinary): void {
    this.url = url;
    this.noBinary = noBinary;
    this.state.update({ url, noBinary });
    this.reset();
  }

  /** Closes for good: every pending request rejects with `closed`. */
  destroy(): void {
    this.closeDeliberately('closed');
    const subs = [...this.subs.values()];
    this.subs.clear();
    for (const sub of subs) sub.onDestroy();
    this.updatePending();
  }

  private closeDeliberately(status: 'closed' | 'sleeping'): void {
    this.deliberate = true;
    this.clearTimer('reconnectTimer');
    this.clearTimer('handshakeTimer');
    this.clearTimer('retryTimer');
    const ws = this.ws;
    this.ws = null;
    for (const sub of this.subs.values()) sub.sentOn = null;
    this.outbox.length = 0;
    if (ws) {
      try {
        ws.close();
      } catch {
        // already closing
      }
    }
    this.state.update({ status, reconnectInMs: null });
  }

  private openSocket(): void {
    this.clearTimer('reconnectTimer');
    this.state.update({ status: 'connecting', reconnectInMs: null });
    let ws: WebSocket;
    try {
      ws = this.opts.createSocket(this.url);
    } catch (e) {
      // A malformed URL will not fix itself: stay closed until setServer().
      this.state.update({ status: 'closed', lastError: (e as Error).message });
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.addEventListener('open', () => ws === this.ws && this.onOpen(ws));
    ws.addEventListener('message', (ev) => ws === this.ws && this.onMessage(ev.data));
    ws.addEventListener('error', () => {
      if (ws === this.ws) this.state.update({ lastError: `socket error (${this.url})` });
    });
    ws.addEventListener('close', () => ws === this.ws && this.onClose());
  }

  private get handshakeId(): string {
    return `set_protocol_${this.sessionId}`;
  }

  private onOpen(ws: WebSocket): void {
    this.state.update({ status: 'open', lastError: null });
    if (this.noBinary) {
      this.markReady();
      return;
    }
    ws.send(setProtocolFrame(this.sessionId));
    this.handshakeTimer = this.clock.setTimeout(() => {
      this.handshakeTimer = null;
      if (this.status === 'open') this.markReady();
    }, this.opts.handshakeTimeoutMs);
  }

  private markReady(): void {
    this.clearTimer('handshakeTimer');
    this.failures = 0;
    this.state.update({ status: 'ready', failures: 0 });
    this.flush();
  }

  private onClose(): void {
    this.ws = null;
    this.clearTimer('handshakeTimer');
    for (const sub of this.subs.values()) sub.sentOn = null;
    if (this.deliberate) return;
    this.failures += 1;
    const base = this.opts.reconnectDelayMs;
    const delay =
      this.failures <= 1
        ? base
        : Math.round(
            Math.min(this.opts.maxReconnectDelayMs, base * 2 ** (this.failures - 1)) *
              (0.5 + this.random() * 0.5),
          );
    this.state.update({ status: 'closed', failures: this.failures });
    this.scheduleReconnect(delay);
  }

  private scheduleReconnect(ms: number): void {
    this.clearTimer('reconnectTimer');
    this.state.update({ reconnectInMs: ms });
    this.reconnectTimer = this.clock.setTimeout(() => {
      this.reconnectTimer = null;
      this.deliberate = false;
      this.openSocket();
    }, ms);
  }

  private clearTimer(name: 'reconnectTimer' | 'retryTimer' | 'handshakeTimer'): void {
    if (this[name] !== null) this.clock.clearTimeout(this[name]);
    this[name] = null;
  }

  // ---- incoming ---------------------------------------------------------------------------

  private onMessage(data: unknown): void {
    // Binary frames are zlib; one that fails to inflate is `{}`, i.e. ignored.
    const msg =
      typeof data === 'string'
        ? parseServerMessage(data)
        : data instanceof ArrayBuffer
          ? parseServerMessage(new Uint8Array(data))
          : ArrayBuffer.isView(data)
            ? parseServerMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
            : null;
    if (!msg) return;
    if (msg.subId === this.handshakeId) {
      if (msg.type === 'NOTICE') console.warn('cache: compression refused:', msg.message);
      if ((msg.type === 'EOSE' || msg.type === 'NOTICE') && this.status === 'open')
        this.markReady();
      return;
    }
    const sub = this.subs.get(msg.subId);
    if (!sub) return;
    if (msg.type === 'EVENT') sub.onEvents([msg.event]);
    else if (msg.type === 'EVENTS') sub.onEvents(msg.events);
    else if (msg.type === 'EOSE') sub.onEose();
    else sub.onNotice(msg.message);
  }

  // ---- outgoing ---------------------------------------------------------------------------

  private nextSubId(): string {
    this.counter += 1;
    return `${this.sessionId}_${this.counter}`;
  }

  /** Sends what can be sent; while not ready, tries again every 100 ms. */
  private flush(): void {
    const ws = this.ws;
    if (this.status === 'ready' && ws && ws.readyState === ws.OPEN) {
      this.clearTimer('retryTimer');
      for (const frame of this.outbox.splice(0)) ws.send(frame);
      for (const sub of this.subs.values()) {
        if (sub.sentOn === ws) continue;
        sub.onResend();
        sub.sentOn = ws;
        ws.send(reqFrame(sub.subId, sub.command, sub.payload as never));
      }
      return;
    }
    const waiting = this.outbox.length > 0 || [...this.subs.values()].some((s) => !s.sentOn);
    if (waiting && this.retryTimer === null && !this.deliberate) {
      this.retryTimer = this.clock.setTimeout(() => {
        this.retryTimer = null;
        this.flush();
      }, this.opts.sendRetryMs);
    }
  }

  private addSub(sub: Subscription): void {
    this.subs.set(sub.subId, sub);
    this.updatePending();
    if (this.status === 'idle') this.connect();
    this.flush();
  }

  private removeSub(subId: string, sendClose: boolean): void {
    const sub = this.subs.get(subId);
    if (!sub) return;
    this.subs.delete(subId);
    this.updatePending();
    if (sendClose && sub.sentOn && sub.sentOn === this.ws) {
      this.outbox.push(closeFrame(subId));
      this.flush();
    }
  }

  private updatePending(): void {
    this.state.update({ pending: this.subs.size });
  }

  /**
   * One cache command: collects every event until EOSE. A NOTICE rejects with a CacheError
   * (code `cache-notice`, `notice` = the server's text, `events` = what came before); so do the
   * time limit (`request-timeout`) and the signal (`aborted`). Connects if idle; waits while not
   * ready; re-sent after a reconnect (the partial answer is dropped then).
   */
  request<C extends CacheCommand>(
    command: C,
    payload?: CachePayloads[C],
    options: RequestOptions = {},
  ): Promise<CacheResponse> {
    return request(this.host, command, payload, options);
  }

  /**
   * A streaming command (net_stats, notification_counts, directmsg_count, live feeds): events
   * flow until the returned function is called (it sends CLOSE). Re-subscribes after reconnects.
   */
  stream<C extends CacheCommand>(
    command: C,
    payload: CachePayloads[C] | undefined,
    handlers: StreamHandlers,
  ): () => void {
    return stream(this.host, command, payload, handlers);
  }
}
