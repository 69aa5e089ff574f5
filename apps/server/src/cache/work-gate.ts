import { getHeapStatistics } from 'node:v8';

const SHED_BUSY: Turn = {
  ok: false,
  shed: 'server busy: too many requests waiting, try again later',
};
const CANCELLED: Turn = { ok: false, cancelled: true };

/**
 * The outcome of asking for a turn: the work may start (`release` gives the turn back, exactly
 * once, when it is over), or it is refused: `shed` (the message goes to the client as a NOTICE)
 * or `cancelled` while it waited. Plain values, not exceptions: a flood sheds thousands of
 * requests a second and an Error's stack trace is not free.
 */
export type Turn =
  { ok: true; release: () => void } | { ok: false; shed: string } | { ok: false; cancelled: true };

export interface GateLimits {
  /** Units of work running at once; heavy requests may hold at most 3/4 of them. */
  units: number;
  /** Requests waiting, over all connections. */
  queue: number;
  /** Requests waiting, per connection. */
  queuePerClient: number;
  /** Heap used (bytes) above which only one request runs at a time. */
  heapBudgetBytes: number;
  /** Bytes waiting in all clients' send queues above which only one request runs at a time. */
  outboundBudgetBytes: number;
}

/** A connection as the gate sees it. */
export interface GateClient {
  /** False while the client has too much unread output: its work waits (backpressure). */
  canStart(): boolean;
  /** Bytes waiting in its send queue. */
  buffered(): number;
}

interface Waiter {
  client: GateClient;
  weight: number;
  resolve: (turn: Turn) => void;
  signal: AbortSignal;
  onAbort: () => void;
}

interface ClientState {
  waiting: Waiter[];
  active: number;
  lastServed: number;
}

/** Load figures for /health, tests and benchmarks. */
export interface GateStats {
  active: number;
  activeUnits: number;
  queued: number;
  started: number;
  shed: number;
  cancelledWaiting: number;
}

/**
 * The global budget of cache work. Each request asks for a turn with its weight (1 unit per 100
 * results it may produce, at most 10); at most `units` run at once and heavy ones (weight > 1)
 * at most three quarters of them, so light requests always find room. Waiting requests are kept
 * per connection and the next turn goes to the connection with the fewest running requests,
 * then the one served longest ago: a client flooding the server waits behind itself, not in
 * front of everyone else. The queue is bounded (overall and per connection); when it is full the
 * longest line loses its newest request, so the shedding (a NOTICE) hits whoever floods. A client whose output is not being read gets no new turns. Above the
 * heap budget or the outbound budget only one request runs at a time until memory is back.
 */
export class WorkGate {
  private readonly clients = new Map<GateClient, ClientState>();
  private readonly all = new Set<GateClient>();
  private activeUnits = 0;
  private heavyUnits = 0;
  private active = 0;
  private queued = 0;
  private tick = 0;
  readonly stats = { started: 0, shed: 0, cancelledWaiting: 0 };

  private readonly limits: () => GateLimits;

  constructor(limits: () => GateLimits) {
    this.limits = limits;
  }

  /** Registers a connection (its output counts toward the outbound budget). */
  attach(client: GateClient): void {
    this.all.add(client);
  }

  /** Forgets a connection; its waiting requests must have been cancelled by then. */
  detach(client: GateClient): void {
    this.all.delete(client);
    const s = this.clients.get(client);
    if (s && s.waiting.length === 0 && s.active === 0) this.clients.delete(client);
    this.pump();
  }

  snapshot(): GateStats {
    return {
      active: this.active,
      activeUnits: this.activeUnits,
      queued: this.queued,
      started: this.stats.started,
      shed: this.stats.shed,
      cancelledWaiting: this.stats.cancelledWaiting,
    };
  }

  /** Bytes waiting in every client's send queue. */
  outboundBytes(): number {
    let n = 0;
    for (const c of this.all) n += c.buffered();
    return n;
  }

  private state(client: GateClient): ClientState {
    let s = this.clients.get(client);
    if (!s) this.clients.set(client, (s = { waiting: [], active: 0, lastServed: 0 }));
    return s;
  }

  /** Waits for a turn (see `Turn`). */
  acquire(client: GateClient, weight: number, signal: AbortSignal): Promise<Turn> {
    const limits = this.limits();
    const w = Math.max(1, Math.min(10, Math.floor(weight), Math.max(1, limits.units)));
    if (signal.aborted) return Promise.resolve(CANCELLED);
    const s = this.state(client);
    if (s.waiting.length >= limits.queuePerClient) {
      this.stats.shed++;
      return Promise.resolve({
        ok: false,
        shed: `server busy: at most ${limits.queuePerClient} requests may wait per connection`,
      });
    }
    if (this.queued >= limits.queue && !this.evictFromLongest(s)) {
      this.stats.shed++;
      return Promise.resolve(SHED_BUSY);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        client,
        weight: w,
        resolve,
        signal,
        onAbort: () => {
          const i = s.waiting.indexOf(waiter);
          if (i < 0) return;
          s.waiting.splice(i, 1);
          this.queued--;
          this.stats.cancelledWaiting++;
          resolve(CANCELLED);
          this.pump();
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      s.waiting.push(waiter);
      this.queued++;
      this.pump();
    });
  }

  /**
   * The queue is full: the connection with the longest line gives up its newest waiting request
   * (shed), unless the asking connection's line is as long. True when room was made.
   */
  private evictFromLongest(asking: ClientState): boolean {
    let longest: ClientState | undefined;
    for (const s of this.clients.values())
      if (!longest || s.waiting.length > longest.waiting.length) longest = s;
    if (!longest || longest === asking || longest.waiting.length <= asking.waiting.length + 1)
      return false;
    const victim = longest.waiting.pop()!;
    this.queued--;
    this.stats.shed++;
    victim.signal.removeEventListener('abort', victim.onAbort);
    victim.resolve(SHED_BUSY);
    return true;
  }

  /** Whether memory allows more than one request at a time. */
  private roomy(limits: GateLimits): boolean {
    if (getHeapStatistics().used_heap_size > limits.heapBudgetBytes) return false;
    return this.outboundBytes() <= limits.outboundBudgetBytes;
  }

  private fits(w: number, limits: GateLimits): boolean {
    if (this.active === 0) return true; // always progress
    if (this.activeUnits + w > limits.units) return false;
    if (w > 1 && this.heavyUnits + w > Math.floor(limits.units * 0.75)) return false;
    return true;
  }

  /** Starts waiting requests while the budget allows. */
  private pump(): void {
    if (this.queued === 0) return;
    const limits = this.limits();
    const roomy = this.active === 0 || this.roomy(limits);
    for (;;) {
      if (this.queued === 0) return;
      if (!roomy && this.active > 0) return;
      // The connection with the fewest running requests, then the one served longest ago, whose
      // next request fits. Light requests pass heavy ones only when the heavy one cannot fit.
      let best: ClientState | undefined;
      for (const [client, s] of this.clients) {
        const head = s.waiting[0];
        if (!head || !this.fits(head.weight, limits) || !client.canStart()) continue;
        if (
          !best ||
          s.active < best.active ||
          (s.active === best.active && s.lastServed < best.lastServed)
        )
          best = s;
      }
      if (!best) return;
      const waiter = best.waiting.shift()!;
      this.queued--;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      this.start(best, waiter);
    }
  }

  private start(s: ClientState, waiter: Waiter): void {
    const w = waiter.weight;
    s.active++;
    s.lastServed = ++this.tick;
    this.active++;
    this.activeUnits += w;
    if (w > 1) this.heavyUnits += w;
    this.stats.started++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      s.active--;
      this.active--;
      this.activeUnits -= w;
      if (w > 1) this.heavyUnits -= w;
      if (s.active === 0 && s.waiting.length === 0 && !this.all.has(waiter.client))
        this.clients.delete(waiter.client);
      this.pump();
    };
    waiter.resolve({ ok: true, release });
  }

  /** Call when a client's output drained (its waiting work may start now). */
  wake(): void {
    this.pump();
  }
}
