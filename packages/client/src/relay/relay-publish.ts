import type { NostrEvent } from '@swell/nostr';
import type { Clock } from '../clock.ts';
import type { RelayAuthenticator } from './relay-auth.ts';
import type { RelayConnection } from './relay-connection.ts';

/** What one relay made of a published event. */
export interface RelayPublishResult {
  /** 'pending' while waiting; then accepted (OK true) or not. */
  status: 'pending' | 'accepted' | 'rejected' | 'unconfirmed';
  /**
   * The relay's OK message, or why there was no OK: 'timeout' (no answer within the time
   * limit), 'connection closed', 'connection error', 'connection timed out', ...
   */
  message: string;
}

/** The per-relay results of one publish, kept after it ends. */
export interface PublishReport {
  id: string;
  /** True when at least one relay accepted the event. */
  ok: boolean;
  accepted: string[];
  /** Relay url -> reason (a rejection message, 'timeout', a connection failure). */
  failed: Record<string, string>;
  results: Record<string, RelayPublishResult>;
}

/**
 * How a publish ended for the user (spec section 8 messages): `sent` on the FIRST `OK true` (never
 * earlier, never on a connection failure); `timeout` when no relay confirmed within the time
 * limit ("no relay confirmed after 8 s"); `failed` when every relay refused it or there was no
 * relay to send to.
 */
export type PublishOutcome =
  | { status: 'sent'; id: string; relay: string }
  | { status: 'timeout' | 'failed'; id: string; report: PublishReport };

/** What a job needs from the pool. */
export interface PublishHost {
  clock: Clock;
  auth: RelayAuthenticator;
  /** The connection of a target relay (connecting it, or adding it for a one-off copy). */
  open(url: string): RelayConnection | undefined;
  finished(job: PublishJob): void;
}

interface Target {
  url: string;
  result: RelayPublishResult;
  sent: boolean;
  triedAuth: boolean;
  lastError: string | null;
}

/**
 * Sends one event to a set of relays and collects their `OK`s (NIP-01). A relay that is not
 * connected is connected first; a connection that drops before the OK is re-sent to once it is
 * back, within the time limit; `auth-required:` is answered with NIP-42 AUTH and one resend.
 * Every relay gets `timeoutMs` from the start of the publish.
 */
export class PublishJob {
  readonly event: NostrEvent;
  /** Resolves on the first OK true, or once every relay has ended without one. */
  readonly outcome: Promise<PublishOutcome>;
  /** Resolves when every relay has ended (accepted, refused, failed or timed out). */
  readonly report: Promise<PublishReport>;
  private readonly host: PublishHost;
  private readonly targets = new Map<string, Target>();
  private resolveOutcome!: (o: PublishOutcome) => void;
  private resolveReport!: (r: PublishReport) => void;
  private outcomeSent = false;
  private timer: unknown = null;
  private finished = false;

  constructor(event: NostrEvent, urls: string[], host: PublishHost, timeoutMs: number) {
    this.event = event;
    this.host = host;
    this.outcome = new Promise((r) => (this.resolveOutcome = r));
    this.report = new Promise((r) => (this.resolveReport = r));
    for (const url of new Set(urls)) {
      this.targets.set(url, {
        url,
        result: { status: 'pending', message: '' },
        sent: false,
        triedAuth: false,
        lastError: null,
      });
    }
    this.timer = host.clock.setTimeout(() => this.expire(), timeoutMs);
  }

  get urls(): string[] {
    return [...this.targets.keys()];
  }

  /** Per-relay results so far. */
  results(): Record<string, RelayPublishResult> {
    const out: Record<string, RelayPublishResult> = {};
    for (const t of this.targets.values()) out[t.url] = t.result;
    return out;
  }

  start(): void {
    if (this.targets.size === 0) return this.finish();
    for (const t of this.targets.values()) {
      const relay = this.host.open(t.url);
      if (!relay) this.end(t, 'unconfirmed', 'invalid relay URL');
      else if (relay.connected) void this.send(t, relay);
    }
  }

  /** The relay (re)connected: send if not yet answered. */
  onConnected(relay: RelayConnection): void {
    const t = this.targets.get(relay.url);
    if (t && t.result.status === 'pending' && !t.sent) void this.send(t, relay);
  }

  /** The connection dropped: an EVENT without OK is sent again after the reconnect. */
  onDisconnected(relay: RelayConnection, reason: string | null): void {
    const t = this.targets.get(relay.url);
    if (!t || t.result.status !== 'pending') return;
    t.sent = false;
    t.lastError = reason ?? 'connection closed';
  }

  /** The relay gave up (attempt limit) or was removed. */
  onGaveUp(relay: RelayConnection, reason: string | null): void {
    const t = this.targets.get(relay.url);
    if (t && t.result.status === 'pending') {
      this.end(t, 'unconfirmed', t.lastError ?? reason ?? 'connection failed');
    }
  }

  /** A failed connection attempt (it will be retried while time remains). */
  onConnectError(relay: RelayConnection, reason: string): void {
    const t = this.targets.get(relay.url);
    if (t && t.result.status === 'pending') t.lastError = reason;
  }

  onOk(relay: RelayConnection, accepted: boolean, message: string): void {
    const t = this.targets.get(relay.url);
    if (!t || t.result.status !== 'pending' || !t.sent) return;
    if (accepted) return this.end(t, 'accepted', message);
    if (message.startsWith('auth-required:') && !t.triedAuth && this.host.auth.canSign) {
      t.triedAuth = true;
      t.sent = false;
      void this.host.auth.authenticate(relay).then((ok) => {
        if (t.result.status !== 'pending') return;
        if (ok && relay.connected) void this.send(t, relay);
        else this.end(t, 'rejected', message);
      });
      return;
    }
    this.end(t, 'rejected', message);
  }

  private async send(t: Target, relay: RelayConnection): Promise<void> {
    t.sent = true;
    // An AUTH in flight first: relays that want it would refuse the event before it.
    const auth = this.host.auth.inFlight(relay.url);
    if (auth) await auth;
    if (t.result.status !== 'pending') return;
    if (!relay.send(['EVENT', this.event])) t.sent = false;
  }

  private end(t: Target, status: RelayPublishResult['status'], message: string): void {
    if (t.result.status !== 'pending') return;
    t.result = { status, message };
    if (status === 'accepted' && !this.outcomeSent) {
      this.outcomeSent = true;
      this.resolveOutcome({ status: 'sent', id: this.event.id, relay: t.url });
    }
    if ([...this.targets.values()].every((x) => x.result.status !== 'pending')) this.finish();
  }

  private expire(): void {
    this.timer = null;
    for (const t of this.targets.values()) {
      if (t.result.status === 'pending') {
        t.result = { status: 'unconfirmed', message: t.lastError ?? 'timeout' };
      }
    }
    this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.timer !== null) this.host.clock.clearTimeout(this.timer);
    const report = this.buildReport();
    if (!this.outcomeSent) {
      this.outcomeSent = true;
      const everyRefused =
        this.targets.size > 0 &&
        [...this.targets.values()].every((t) => t.result.status === 'rejected');
      this.resolveOutcome({
        status: everyRefused || this.targets.size === 0 ? 'failed' : 'timeout',
        id: this.event.id,
        report,
      });
    }
    this.resolveReport(report);
    this.host.finished(this);
  }

  private buildReport(): PublishReport {
    const accepted: string[] = [];
    const failed: Record<string, string> = {};
    for (const t of this.targets.values()) {
      if (t.result.status === 'accepted') accepted.push(t.url);
      else failed[t.url] = t.result.message || t.result.status;
    }
    return {
      id: this.event.id,
      ok: accepted.length > 0,
      accepted,
      failed,
      results: this.results(),
    };
  }
}
