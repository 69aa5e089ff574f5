import {
  matchFilters,
  validateEvent,
  verifyEvent,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import type {
  RelayTransport,
  TransportSubscribeOptions,
  TransportSubscription,
} from './relay-transport.ts';

export interface WebSocketRelayTransportOptions {
  /** Makes the socket; the global `WebSocket` by default (browsers, Node 22+). */
  createSocket?: (url: string) => WebSocket;
  /** Spec section 9: relay connect time-out 4400 ms. */
  connectTimeoutMs?: number;
  /** Spec section 9: publish per relay 8000 ms. */
  publishTimeoutMs?: number;
  /** Spec section 9: stored-events time-out 4400 ms. */
  eoseTimeoutMs?: number;
}

interface SubEntry {
  id: string;
  filters: Filter[];
  onMessage(relay: RelaySocket, msg: unknown[]): void;
  onRelayGone(relay: RelaySocket, reason: string): void;
}

interface PublishWaiter {
  resolve(): void;
  reject(reason: string): void;
}

/** One relay websocket: opened on first use, messages queued until it is open. */
class RelaySocket {
  readonly url: string;
  readonly subs = new Map<string, SubEntry>();
  readonly publishes = new Map<string, PublishWaiter[]>();
  private readonly ws: WebSocket;
  private readonly queue: string[] = [];
  private readonly connectTimer: ReturnType<typeof setTimeout>;
  private readonly onGone: (relay: RelaySocket) => void;
  closed = false;

  constructor(
    url: string,
    options: Required<Pick<WebSocketRelayTransportOptions, 'createSocket' | 'connectTimeoutMs'>>,
    onGone: (relay: RelaySocket) => void,
  ) {
    this.url = url;
    this.onGone = onGone;
    this.ws = options.createSocket(url);
    this.connectTimer = setTimeout(
      () => this.fail('connection timed out'),
      options.connectTimeoutMs,
    );
    this.ws.onopen = () => {
      clearTimeout(this.connectTimer);
      for (const text of this.queue.splice(0)) this.ws.send(text);
    };
    this.ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data === 'string') this.onText(e.data);
    };
    this.ws.onerror = () => this.fail('connection failed');
    this.ws.onclose = () => this.fail('connection closed');
  }

  send(msg: unknown[]): void {
    if (this.closed) return;
    const text = JSON.stringify(msg);
    if (this.ws.readyState === 1) this.ws.send(text);
    else this.queue.push(text);
  }

  private onText(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(msg) || typeof msg[0] !== 'string') return;
    if (msg[0] === 'OK' && typeof msg[1] === 'string') {
      const waiters = this.publishes.get(msg[1]);
      this.publishes.delete(msg[1]);
      for (const w of waiters ?? []) {
        if (msg[2] === true) w.resolve();
        else w.reject(typeof msg[3] === 'string' && msg[3] ? msg[3] : 'refused');
      }
      return;
    }
    if (typeof msg[1] === 'string') this.subs.get(msg[1])?.onMessage(this, msg);
  }

  /** Closes for good: pending publishes fail and subscriptions hear that this relay is gone. */
  fail(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.connectTimer);
    this.ws.onopen = this.ws.onmessage = this.ws.onerror = this.ws.onclose = null;
    try {
      this.ws.close();
    } catch {
      // already closing
    }
    this.onGone(this);
    for (const waiters of this.publishes.values()) for (const w of waiters) w.reject(reason);
    this.publishes.clear();
    for (const sub of [...this.subs.values()]) sub.onRelayGone(this, reason);
    this.subs.clear();
  }
}

function normalizeUrl(url: string): string {
  const u = new URL(url.trim());
  if (u.protocol !== 'wss:' && u.protocol !== 'ws:') throw new Error(`not a relay URL: ${url}`);
  const s = u.toString();
  return s.endsWith('/') && u.pathname === '/' ? s.slice(0, -1) : s;
}

/**
 * A minimal relay client over the standard WebSocket, enough for wallet connect: one socket per
 * relay, opened on first use and kept open (NIP-47 advises against dropping idle connections);
 * a socket that closes is opened again by the next subscription or publish. Incoming events are
 * checked (shape, id, signature, filters) and de-duplicated per subscription.
 */
export class WebSocketRelayTransport implements RelayTransport {
  private readonly options: Required<WebSocketRelayTransportOptions>;
  private readonly sockets = new Map<string, RelaySocket>();
  private counter = 0;

  constructor(options: WebSocketRelayTransportOptions = {}) {
    this.options = {
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      connectTimeoutMs: options.connectTimeoutMs ?? 4400,
      publishTimeoutMs: options.publishTimeoutMs ?? 8000,
      eoseTimeoutMs: options.eoseTimeoutMs ?? 4400,
    };
  }

  private socket(url: string): RelaySocket {
    let socket = this.sockets.get(url);
    if (!socket || socket.closed) {
      socket = new RelaySocket(url, this.options, (gone) => {
        if (this.sockets.get(gone.url) === gone) this.sockets.delete(gone.url);
      });
      this.sockets.set(url, socket);
    }
    return socket;
  }

  subscribe(filters: Filter[], options: TransportSubscribeOptions): TransportSubscription {
    const id = `w${++this.counter}`;
    const seen = new Set<string>();
    const waitingEose = new Set<RelaySocket>();
    const live = new Set<RelaySocket>();
    let eosed = false;
    let ended = false;
    const finishEose = () => {
      if (eosed || ended) return;
      eosed = true;
      clearTimeout(eoseTimer);
      options.onEose?.();
    };
    const eoseTimer = setTimeout(finishEose, this.options.eoseTimeoutMs);
    const entry: SubEntry = {
      id,
      filters,
      onMessage: (relay, msg) => {
        if (ended) return;
        if (msg[0] === 'EVENT') {
          const checked = validateEvent(msg[2]);
          if (!checked.ok || seen.has(checked.event.id)) return;
          if (!matchFilters(filters, checked.event) || !verifyEvent(checked.event)) return;
          seen.add(checked.event.id);
          options.onEvent(checked.event);
        } else if (msg[0] === 'EOSE') {
          waitingEose.delete(relay);
          if (waitingEose.size === 0) finishEose();
        } else if (msg[0] === 'CLOSED') {
          relay.subs.delete(id);
          entry.onRelayGone(relay, typeof msg[2] === 'string' ? msg[2] : 'closed by the relay');
        }
      },
      onRelayGone: (relay, reason) => {
        waitingEose.delete(relay);
        live.delete(relay);
        if (waitingEose.size === 0) finishEose();
        if (live.size === 0 && !ended) {
          ended = true;
          clearTimeout(eoseTimer);
          options.onClose?.(reason);
        }
      },
    };
    for (const url of new Set(options.relays.map(normalizeUrl))) {
      const socket = this.socket(url);
      socket.subs.set(id, entry);
      live.add(socket);
      waitingEose.add(socket);
      socket.send(['REQ', id, ...filters]);
    }
    if (live.size === 0) {
      ended = true;
      clearTimeout(eoseTimer);
      queueMicrotask(() => options.onClose?.('no relay'));
    }
    return {
      close: () => {
        if (ended) return;
        ended = true;
        clearTimeout(eoseTimer);
        for (const socket of live) {
          socket.subs.delete(id);
          socket.send(['CLOSE', id]);
        }
        live.clear();
      },
    };
  }

  publish(event: NostrEvent, relays: readonly string[]): Promise<void> {
    const urls = [...new Set(relays.map(normalizeUrl))];
    if (urls.length === 0) return Promise.reject(new Error('no relay to publish to'));
    return new Promise<void>((resolve, reject) => {
      const reasons: string[] = [];
      let settled = false;
      let left = urls.length;
      const failOne = (url: string, reason: string) => {
        if (settled) return;
        reasons.push(`${url}: ${reason}`);
        if (--left === 0) {
          settled = true;
          reject(new Error(reasons.join('; ')));
        }
      };
      for (const url of urls) {
        const socket = this.socket(url);
        const timer = setTimeout(
          () => failOne(url, 'no answer in time'),
          this.options.publishTimeoutMs,
        );
        const waiters = socket.publishes.get(event.id) ?? [];
        waiters.push({
          resolve: () => {
            clearTimeout(timer);
            if (settled) return;
            settled = true;
            resolve();
          },
          reject: (reason) => {
            clearTimeout(timer);
            failOne(url, reason);
          },
        });
        socket.publishes.set(event.id, waiters);
        socket.send(['EVENT', event]);
      }
    });
  }

  /** Closes every socket (pending publishes fail, subscriptions end). */
  close(): void {
    for (const socket of [...this.sockets.values()]) socket.fail('closed');
    this.sockets.clear();
  }
}
