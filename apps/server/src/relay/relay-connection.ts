import type { Filter, NostrEvent } from '@swell/nostr';
import type { WebSocket } from 'ws';
import type { ServerContext } from '../context.ts';
import { checkAuthEvent, mayRead, newChallenge, PROTECTED_KINDS, readAccess } from './auth.ts';
import { checkFilter } from './filter-check.ts';
import type { FilterBudget } from './filter-budget.ts';
import type { GateClient, Turn } from '../cache/work-gate.ts';
import { compileFilters } from './live-matcher.ts';
import { isExpired } from '../ingest/precheck.ts';
import { RateLimiter, type RelayLimits } from './limits.ts';

/** What a message costs the intake budget beside its bytes (many tiny messages cost too). */
const MESSAGE_OVERHEAD_BYTES = 100;

interface Subscription {
  filters: Filter[];
  /** The filters compiled for matching live events. */
  match: (e: NostrEvent) => boolean;
  /** Their size (JSON bytes), held in the connection's and the server's filter budgets. */
  bytes: number;
  /** Live events that arrived before EOSE was sent; flushed after it. */
  pending: NostrEvent[] | undefined;
  sent: Set<string> | undefined;
  /** Aborted when the subscription ends (CLOSE, replaced, disconnect): its wait for a turn ends. */
  abort: AbortController;
}

/**
 * How much of the work budget a query takes (as a cache request: one unit per 100 events it may
 * return, 1 to 10 over all its filters).
 */
function queryWeight(filters: readonly Filter[], maxLimit: number): number {
  let n = 0;
  for (const f of filters) n += Math.min(f.limit ?? maxLimit, maxLimit);
  return Math.max(1, Math.min(10, Math.ceil(n / 100)));
}

/** One client of the NIP-01 relay. */
export class RelayConnection {
  private readonly ws: WebSocket;
  private readonly ctx: ServerContext;
  private readonly limits: RelayLimits;
  private readonly host: string | undefined;
  private readonly subs = new Map<string, Subscription>();
  private readonly authed = new Set<string>();
  private readonly challenge = newChallenge();
  private readonly rate: RateLimiter;
  private readonly unsubscribeLive: () => void;
  private readonly budget: FilterBudget;
  /** The client's address as the budgets count it (ConnectionCaps.keyOf). */
  private readonly client: string;
  /** Bytes of this connection's live filters. */
  private filterBytes = 0;
  private closed = false;
  /** Set while the connection is not read (its address sent past its rate). */
  private resumeTimer: NodeJS.Timeout | undefined;
  /** Aborted on disconnect (COUNTs waiting for a turn). */
  private readonly gone = new AbortController();
  /** This connection as the work gate sees it: no new turns while its output backs up. */
  private readonly gateClient: GateClient = {
    canStart: () => this.ws.bufferedAmount <= this.limits.maxOutboundBytes / 4,
    buffered: () => this.ws.bufferedAmount,
  };

  constructor(
    ws: WebSocket,
    ctx: ServerContext,
    limits: RelayLimits,
    host: string | undefined,
    budget: FilterBudget,
    client: string,
  ) {
    this.ws = ws;
    this.client = client;
    this.ctx = ctx;
    this.limits = limits;
    this.host = host;
    this.budget = budget;
    this.rate = new RateLimiter(limits.rateBurst, limits.ratePerSecond);
    this.unsubscribeLive = ctx.live.subscribe((e) => this.onLive(e));
    ctx.load.workGate.attach(this.gateClient);
    ws.on('message', (data, isBinary) => this.onMessage(data as Buffer, isBinary));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
    this.send(['AUTH', this.challenge]);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.resumeTimer);
    this.unsubscribeLive();
    for (const id of [...this.subs.keys()]) this.dropSub(id);
    this.gone.abort();
    this.ctx.load.workGate.detach(this.gateClient);
  }

  /** Waits for a turn of the server's work budget (shared with the cache) for a query. */
  private turn(filters: readonly Filter[], signal: AbortSignal): Promise<Turn> {
    const weight = queryWeight(filters, this.limits.maxLimit);
    return this.ctx.load.workGate.acquire(this.gateClient, weight, signal);
  }

  /** Forgets a subscription and gives its filters' bytes back. */
  private dropSub(subId: string): void {
    const sub = this.subs.get(subId);
    if (!sub) return;
    this.subs.delete(subId);
    this.filterBytes -= sub.bytes;
    this.budget.give(sub.bytes, this.client);
    sub.abort.abort();
  }

  /** Sends a message; a client that lets too much pile up is disconnected. */
  private send(msg: unknown[]): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.limits.maxOutboundBytes) {
      this.ctx.log.info('relay: disconnecting a slow reader');
      // A reader this far behind would not read a close frame either: drop the connection.
      this.ws.terminate();
      this.dispose();
      return;
    }
    this.ws.send(JSON.stringify(msg));
  }

  private notice(text: string): void {
    this.send(['NOTICE', text]);
  }

  /**
   * Charges a message to the client address's intake budget; past it, the connection is not
   * read until the budget refills (the message itself is handled).
   */
  private charge(bytes: number): void {
    const wait = this.ctx.load.relayIntake.charge(this.client, bytes + MESSAGE_OVERHEAD_BYTES);
    if (wait === 0 || this.resumeTimer) return;
    this.ws.pause();
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = undefined;
      if (!this.closed) this.ws.resume();
    }, wait);
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    this.charge(data.length);
    if (isBinary) return this.notice('invalid: binary frames are not accepted');
    if (data.length > this.limits.maxMessageLength) {
      return this.notice(`invalid: message too large (max ${this.limits.maxMessageLength} bytes)`);
    }
    let msg: unknown;
    try {
      msg = JSON.parse(data.toString('utf8'));
    } catch {
      return this.notice('invalid: broken JSON');
    }
    if (!Array.isArray(msg) || typeof msg[0] !== 'string') {
      return this.notice('invalid: a message must be a JSON array starting with a verb');
    }
    const limited = !this.rate.take();
    const verb = msg[0];
    try {
      switch (verb) {
        case 'EVENT':
          return void this.onEvent(msg[1], limited);
        case 'REQ':
          return void this.onReq(msg, limited);
        case 'COUNT':
          return void this.onCount(msg, limited);
        case 'CLOSE':
          if (typeof msg[1] === 'string') this.dropSub(msg[1]);
          return;
        case 'AUTH':
          return this.onAuth(msg[1]);
        default:
          return this.notice(`invalid: unknown message type ${verb.slice(0, 20)}`);
      }
    } catch (err) {
      this.ctx.log.warn({ err }, 'relay: message failed');
      this.notice('error: could not process the message');
    }
  }

  private async onEvent(input: unknown, limited: boolean): Promise<void> {
    const id =
      typeof input === 'object' && input !== null ? (input as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') return this.notice('invalid: EVENT needs an event with an id');
    if (limited) return this.send(['OK', id, false, 'rate-limited: slow down']);
    if ((input as { kind?: unknown }).kind === 22242) {
      return this.send(['OK', id, false, 'invalid: send AUTH events with an AUTH message']);
    }
    try {
      const [result] = await this.ctx.ingest([input], { source: 'relay' });
      this.send(['OK', id, result!.ok, result!.message]);
    } catch (err) {
      this.ctx.log.error({ err }, 'relay: ingestion failed');
      this.send(['OK', id, false, 'error: could not store the event']);
    }
  }

  /** Parses `[verb, subId, ...filters]`; sends CLOSED (or COUNT CLOSED) and returns undefined when refused. */
  private parseFilters(
    msg: unknown[],
    verb: string,
    limited: boolean,
  ): { subId: string; filters: Filter[] } | undefined {
    const subId = msg[1];
    if (
      typeof subId !== 'string' ||
      subId.length === 0 ||
      subId.length > this.limits.maxSubidLength
    ) {
      this.notice(
        `invalid: ${verb} needs a subscription id of 1-${this.limits.maxSubidLength} characters`,
      );
      return undefined;
    }
    if (limited) {
      this.send(['CLOSED', subId, 'rate-limited: slow down']);
      return undefined;
    }
    const raw = msg.slice(2);
    if (raw.length === 0 || raw.length > this.limits.maxFilters) {
      this.send(['CLOSED', subId, `invalid: between 1 and ${this.limits.maxFilters} filters`]);
      return undefined;
    }
    const filters: Filter[] = [];
    for (const r of raw) {
      const check = checkFilter(r, this.limits);
      if (!check.ok) {
        this.send(['CLOSED', subId, check.reason]);
        return undefined;
      }
      filters.push(check.filter);
    }
    // Asking explicitly for DMs or gift wraps needs NIP-42 authentication (COUNT instead counts
    // only what the asker may read).
    const wantsProtected = filters.some((f) => f.kinds?.some((k) => PROTECTED_KINDS.has(k)));
    if (verb === 'REQ' && wantsProtected && this.authed.size === 0) {
      this.send([
        'CLOSED',
        subId,
        'auth-required: direct messages are only served to their author or recipient',
      ]);
      return undefined;
    }
    return { subId, filters };
  }

  private async onReq(msg: unknown[], limited: boolean): Promise<void> {
    const parsed = this.parseFilters(msg, 'REQ', limited);
    if (!parsed) return;
    const { subId, filters } = parsed;
    if (!this.subs.has(subId) && this.subs.size >= this.limits.maxSubscriptions) {
      return this.send([
        'CLOSED',
        subId,
        `blocked: at most ${this.limits.maxSubscriptions} subscriptions per connection`,
      ]);
    }
    const bytes = JSON.stringify(filters).length;
    const replaced = this.subs.get(subId)?.bytes ?? 0;
    if (this.filterBytes - replaced + bytes > this.limits.maxFilterBytes) {
      return this.send([
        'CLOSED',
        subId,
        `blocked: the subscriptions of one connection may hold at most ${this.limits.maxFilterBytes} bytes of filters`,
      ]);
    }
    // The subscription this REQ replaces is over either way (a CLOSED closes its id).
    this.dropSub(subId);
    const refused = this.budget.take(bytes, this.client);
    if (refused === 'share') {
      return this.send([
        'CLOSED',
        subId,
        "blocked: this address holds its share of the relay's subscriptions; close some first",
      ]);
    }
    if (refused === 'full') {
      return this.send([
        'CLOSED',
        subId,
        'error: the relay is at its subscription budget, try later',
      ]);
    }
    const sub: Subscription = {
      filters,
      match: compileFilters(filters),
      bytes,
      pending: [],
      sent: new Set(),
      abort: new AbortController(),
    };
    this.subs.set(subId, sub);
    this.filterBytes += bytes;
    // The query waits for its turn: a client flooding the relay (or the cache) waits behind
    // itself, not in front of everyone else (WorkGate).
    const turn = await this.turn(filters, sub.abort.signal);
    if (!turn.ok) {
      if (this.subs.get(subId) !== sub) return; // closed or replaced meanwhile
      this.dropSub(subId);
      return this.send(['CLOSED', subId, `error: ${'shed' in turn ? turn.shed : 'cancelled'}`]);
    }
    let events: NostrEvent[];
    try {
      // Only what this connection may read counts toward a filter's limit (DMs and gift wraps
      // of others would otherwise take its place and be dropped after it).
      events = await this.ctx.store.queryEvents(filters, {
        maxLimit: this.limits.maxLimit,
        access: readAccess(this.authed),
      });
    } catch (err) {
      this.ctx.log.error({ err }, 'relay: query failed');
      if (this.subs.get(subId) === sub) this.dropSub(subId);
      return this.send(['CLOSED', subId, 'error: query failed']);
    } finally {
      turn.release();
    }
    if (this.subs.get(subId) !== sub) return; // closed or replaced meanwhile
    // One write for the whole answer instead of one syscall per event.
    const raw = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    raw?.cork();
    try {
      this.sendStored(subId, sub, events);
    } finally {
      raw?.uncork();
    }
  }

  private sendStored(subId: string, sub: Subscription, events: NostrEvent[]): void {
    for (const e of events) {
      if (!mayRead(e, this.authed)) continue;
      sub.sent!.add(e.id);
      this.send(['EVENT', subId, e]);
    }
    this.send(['EOSE', subId]);
    const pending = sub.pending!;
    const sent = sub.sent!;
    sub.pending = undefined;
    sub.sent = undefined;
    for (const e of pending) if (!sent.has(e.id)) this.send(['EVENT', subId, e]);
  }

  private async onCount(msg: unknown[], limited: boolean): Promise<void> {
    const parsed = this.parseFilters(msg, 'COUNT', limited);
    if (!parsed) return;
    const turn = await this.turn(parsed.filters, this.gone.signal);
    if (!turn.ok) {
      if ('shed' in turn) this.send(['CLOSED', parsed.subId, `error: ${turn.shed}`]);
      return;
    }
    try {
      // Only what this connection may read counts (DMs and gift wraps need AUTH).
      const count = await this.ctx.store.countEvents(parsed.filters, {
        access: readAccess(this.authed),
      });
      this.send(['COUNT', parsed.subId, { count }]);
    } catch (err) {
      this.ctx.log.error({ err }, 'relay: count failed');
      this.send(['CLOSED', parsed.subId, 'error: count failed']);
    } finally {
      turn.release();
    }
  }

  private onAuth(input: unknown): void {
    const check = checkAuthEvent(input, this.challenge, this.host);
    const id =
      typeof input === 'object' && input !== null ? (input as { id?: unknown }).id : undefined;
    if (!check.ok) {
      if (typeof id === 'string') this.send(['OK', id, false, check.reason]);
      else this.notice(check.reason);
      return;
    }
    this.authed.add(check.pubkey);
    this.send(['OK', check.event.id, true, '']);
  }

  private onLive(e: NostrEvent): void {
    if (this.closed || this.subs.size === 0) return;
    if (!mayRead(e, this.authed) || isExpired(e)) return;
    for (const [subId, sub] of this.subs) {
      if (!sub.match(e)) continue;
      if (sub.pending) sub.pending.push(e);
      else this.send(['EVENT', subId, e]);
    }
  }
}
