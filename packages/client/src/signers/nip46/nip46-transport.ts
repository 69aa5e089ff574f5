import {
  getPublicKey,
  isNip46Request,
  nip46Event,
  NIP46_KIND,
  openNip46Event,
  type NostrEvent,
  type Nip46Response,
} from '@swell/nostr';
import { systemClock, type Clock } from '../../clock.ts';
import { ClientError } from '../../errors.ts';
import { RelayPool, type PoolSubscription } from '../../relay/relay-pool.ts';
import { ValueStore, type Observable } from '../../store.ts';
import type { SignerState } from '../signer.ts';

export interface Nip46TransportOptions {
  /** The client keypair's secret (disposable, not the user's key). */
  clientSecret: Uint8Array;
  /** Relays the remote signer listens on. */
  relays: string[];
  /** The remote signer's key; learned from the connect answer for nostrconnect://. */
  remotePubkey?: string;
  /** How long to wait for an answer (a signer may ask its user first). Default 30 s. */
  requestTimeoutMs?: number;
  /**
   * After this long without an answer the state says so (`slow`), while the request keeps
   * waiting for its time-out: the user hears within seconds that the signer is not answering,
   * not after 30. Default 4 s.
   */
  slowAfterMs?: number;
  /** While the signer does not answer, it is pinged this often to notice it is back. Default 15 s. */
  repingMs?: number;
  /** After an auth_url challenge, how long to wait for the user to approve. Default 5 min. */
  authTimeoutMs?: number;
  /** With no relay connected, how long a request waits for one before failing. Default 5 s. */
  connectWaitMs?: number;
  createSocket?: (url: string) => WebSocket;
  clock?: Clock;
}

interface Pending {
  method: string;
  resolve: (result: string) => void;
  reject: (e: Error) => void;
  timer: unknown;
  /** Marks the request slow (no answer after `slowAfterMs`); null once it fired. */
  slowTimer: unknown;
}

/**
 * The NIP-46 channel to a remote signer: its own relay pool on the signer's relays, a
 * subscription to kind 24133 events for the client key, and JSON-RPC requests that resolve with
 * the signer's answer. Never hangs: a request fails with `signer-timeout` when the signer does
 * not answer in time, with `signer-disconnected` when no relay can carry it (or every relay
 * dropped while waiting: answers are ephemeral and would be lost), and with `signer-rejected`
 * when the signer refuses. Observable state: connecting, ready (`slow` while a request has waited
 * more than a few seconds), disconnected; while it does not answer it is pinged now and then, so
 * the state turns ready again when it is back.
 */
export class Nip46Transport implements Observable<SignerState> {
  readonly clientPubkey: string;
  remotePubkey: string | null;
  private readonly opts: Nip46TransportOptions;
  private readonly clock: Clock;
  private readonly pool: RelayPool;
  private readonly state = new ValueStore<SignerState>({ status: 'connecting' });
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<(m: Nip46Response, from: string) => void>();
  private sub: PoolSubscription | null = null;
  private unwatch: (() => void) | null = null;
  private unresponsive = false;
  /** Requests past `slowAfterMs` without an answer. */
  private readonly slow = new Set<string>();
  private repingTimer: unknown = null;
  private wasConnected = false;
  private counter = 0;
  private closed = false;

  constructor(options: Nip46TransportOptions) {
    this.opts = options;
    this.clock = options.clock ?? systemClock;
    this.clientPubkey = getPublicKey(options.clientSecret);
    this.remotePubkey = options.remotePubkey ?? null;
    this.pool = new RelayPool({
      clock: this.clock,
      retryBaseMs: 1000,
      maxRetryDelayMs: 15_000,
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
    });
  }

  getSnapshot = (): SignerState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Connects to the relays and listens for answers. */
  start(): void {
    if (this.sub || this.closed) return;
    const settings = Object.fromEntries(
      this.opts.relays.map((u) => [u, { read: true, write: true }]),
    );
    this.pool.setRelays(settings);
    this.sub = this.pool.subscribeFilters(
      [
        {
          kinds: [NIP46_KIND],
          '#p': [this.clientPubkey],
          since: Math.floor(this.clock.now() / 1000) - 60,
        },
      ],
      { onEvent: (e) => this.onEvent(e), onEose: () => this.markListening() },
    );
    this.unwatch = this.pool.subscribe(() => this.onRelays());
    this.onRelays();
  }

  /**
   * Resolves once the subscription for answers is in place on the relays (their end of stored
   * events, or the time-out): answers are ephemeral, so nothing sent before is ever seen.
   */
  listening(): Promise<void> {
    return this.listeningPromise;
  }

  private markListening: () => void = () => {};
  private readonly listeningPromise = new Promise<void>((r) => (this.markListening = r));

  /** Hears every answer (nostrconnect:// waits for a `connect` answer it did not ask for). */
  onMessage(fn: (m: Nip46Response, from: string) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Sends one request and resolves with the signer's `result`. */
  async request(method: string, params: string[], timeoutMs?: number): Promise<string> {
    if (this.closed) throw new ClientError('signer-disconnected', 'closed');
    const remote = this.remotePubkey;
    if (!remote) throw new ClientError('signer-disconnected', 'no remote signer yet');
    this.start();
    if (!this.connected()) {
      // Relays past their attempt limit get a fresh start: the user is waiting on this.
      this.pool.resume();
      await this.waitForRelay();
    }
    const id = `${this.clientPubkey.slice(0, 8)}-${Date.now().toString(36)}-${++this.counter}`;
    const event = nip46Event(this.opts.clientSecret, remote, { id, method, params });
    const answer = new Promise<string>((resolve, reject) => {
      const timer = this.clock.setTimeout(
        () => this.fail(id, new ClientError('signer-timeout', `${method}: no answer`), true),
        timeoutMs ?? this.opts.requestTimeoutMs ?? 30_000,
      );
      const slowTimer = this.clock.setTimeout(() => {
        const p = this.pending.get(id);
        if (!p) return;
        p.slowTimer = null;
        this.slow.add(id);
        this.updateState();
      }, this.opts.slowAfterMs ?? 4000);
      this.pending.set(id, { method, resolve, reject, timer, slowTimer });
    });
    const job = this.pool.publish(event, this.pool.writeRelays());
    void job.outcome.then((o) => {
      if (o.status !== 'sent') {
        this.fail(id, new ClientError('signer-disconnected', `${method}: no relay took it`));
      }
    });
    return answer;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.repingTimer !== null) this.clock.clearTimeout(this.repingTimer);
    this.repingTimer = null;
    for (const id of [...this.pending.keys()]) {
      this.fail(id, new ClientError('signer-disconnected', 'closed'));
    }
    this.sub?.close();
    this.unwatch?.();
    this.pool.destroy();
    this.state.set({ status: 'disconnected', error: 'closed' });
  }

  private connected(): boolean {
    return Object.values(this.pool.getSnapshot()).some((r) => r.status === 'connected');
  }

  private waitForRelay(): Promise<void> {
    return new Promise((resolve, reject) => {
      const stop = this.pool.subscribe(() => {
        if (!this.connected()) return;
        stop();
        this.clock.clearTimeout(timer);
        resolve();
      });
      const timer = this.clock.setTimeout(() => {
        stop();
        reject(new ClientError('signer-disconnected', 'no relay of the signer is reachable'));
      }, this.opts.connectWaitMs ?? 5000);
    });
  }

  private onRelays(): void {
    if (this.closed) return;
    const up = this.connected();
    if (
      up &&
      !this.wasConnected &&
      this.remotePubkey &&
      this.state.getSnapshot().status !== 'connecting'
    ) {
      // Back after a drop: make sure the signer is there too.
      void this.request('ping', [], 10_000).catch(() => {});
    }
    if (!up && this.wasConnected) {
      // Answers are ephemeral: whatever was asked before the drop will never be answered.
      for (const id of [...this.pending.keys()]) {
        this.fail(id, new ClientError('signer-disconnected', 'the relay connection dropped'));
      }
    }
    this.wasConnected = up;
    this.updateState();
  }

  private updateState(error?: string): void {
    const prev = this.state.getSnapshot();
    const snap = this.pool.getSnapshot();
    const relays = Object.values(snap);
    const up = relays.some((r) => r.status === 'connected');
    const trying = relays.some((r) => r.status === 'connecting' || r.status === 'idle');
    let next: SignerState;
    if (up && !this.unresponsive)
      next = this.slow.size > 0 ? { status: 'ready', slow: true } : { status: 'ready' };
    else if (!up && trying && prev.status === 'connecting') next = { status: 'connecting' };
    else {
      const reason =
        error ??
        (this.unresponsive
          ? 'the remote signer does not answer'
          : (relays.find((r) => r.lastError)?.lastError ?? 'no relay of the signer is reachable'));
      next = { status: 'disconnected', error: reason };
    }
    if (prev.authUrl && next.status === 'ready' && this.pending.size > 0)
      next.authUrl = prev.authUrl;
    if (
      prev.status !== next.status ||
      prev.error !== next.error ||
      prev.authUrl !== next.authUrl ||
      prev.slow !== next.slow
    ) {
      this.state.set(next);
    }
  }

  private onEvent(e: NostrEvent): void {
    if (this.remotePubkey && e.pubkey !== this.remotePubkey && this.listeners.size === 0) return;
    const msg = openNip46Event(this.opts.clientSecret, e);
    if (!msg || isNip46Request(msg)) return;
    for (const l of [...this.listeners]) l(msg, e.pubkey);
    if (this.remotePubkey && e.pubkey !== this.remotePubkey) return;
    if (this.unresponsive) {
      this.unresponsive = false;
      this.updateState();
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.result === 'auth_url' && msg.error) {
      // The signer wants the user to approve elsewhere; the answer comes later, same id.
      this.clock.clearTimeout(p.timer);
      this.clock.clearTimeout(p.slowTimer);
      p.slowTimer = null;
      this.slow.delete(msg.id);
      this.updateState();
      p.timer = this.clock.setTimeout(
        () => this.fail(msg.id, new ClientError('signer-timeout', `${p.method}: not approved`)),
        this.opts.authTimeoutMs ?? 300_000,
      );
      this.state.set({ ...this.state.getSnapshot(), authUrl: msg.error });
      return;
    }
    this.settle(msg.id, p);
    const { authUrl, ...rest } = this.state.getSnapshot();
    if (authUrl) this.state.set(rest);
    this.updateState();
    if (msg.error) p.reject(new ClientError('signer-rejected', msg.error));
    else p.resolve(msg.result ?? '');
  }

  private fail(id: string, error: ClientError, unresponsive = false): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.settle(id, p);
    p.reject(error);
    if (unresponsive) {
      this.unresponsive = true;
      this.repingLater();
    }
    this.updateState();
  }

  /** The request is over (answered or failed): its timers and its slow mark go. */
  private settle(id: string, p: Pending): void {
    this.pending.delete(id);
    this.clock.clearTimeout(p.timer);
    if (p.slowTimer !== null) this.clock.clearTimeout(p.slowTimer);
    this.slow.delete(id);
  }

  /** While the signer does not answer: ping it now and then; an answer makes it ready again. */
  private repingLater(): void {
    if (this.closed || this.repingTimer !== null) return;
    this.repingTimer = this.clock.setTimeout(() => {
      this.repingTimer = null;
      if (this.closed || !this.unresponsive) return;
      void this.request('ping', [], 10_000).catch(() => {});
    }, this.opts.repingMs ?? 15_000);
  }
}
