import type { EventTemplate, NostrEvent } from '@swell/nostr';
import type { Clock } from '../clock.ts';
import type { RelayConnection } from './relay-connection.ts';

/** Signs the NIP-42 AUTH event (kind 22242); usually `signer.signEvent`. */
export type AuthSign = (
  template: Omit<EventTemplate, 'created_at'> & { created_at?: number },
) => Promise<NostrEvent>;

export type RelayAuthStatus =
  /** The relay sent no challenge on this connection. */
  | 'none'
  /** A challenge is waiting (answered when the relay needs it, or at once when eager). */
  | 'challenged'
  | 'authenticating'
  | 'authenticated'
  | 'failed';

export interface RelayAuthState {
  status: RelayAuthStatus;
  /** Who authenticated, once accepted. */
  pubkey?: string;
  /** The relay's reason when it refused the AUTH event (or why none could be sent). */
  message?: string;
}

interface Entry {
  challenge: string | null;
  state: RelayAuthState;
  pending: { id: string; resolve: (ok: boolean) => void; timer: unknown } | null;
  inFlight: Promise<boolean> | null;
}

export interface RelayAuthOptions {
  clock: Clock;
  /** How long to wait for the relay's OK to an AUTH event. */
  timeoutMs: number;
  /** Told whenever a relay's auth state changes. */
  onChange(url: string): void;
}

/**
 * NIP-42 for the relays of a pool. A relay sends `["AUTH", challenge]`; the client answers with
 * a signed kind 22242 event (tags `relay` and `challenge`) and the relay replies OK. Answered
 * at once when `eager` (a signer that does not prompt the user, such as a local key), otherwise
 * only when the relay asks for it by refusing something with `auth-required:`.
 */
export class RelayAuthenticator {
  private readonly opts: RelayAuthOptions;
  private readonly entries = new Map<string, Entry>();
  private sign: AuthSign | null = null;
  private eager = false;

  constructor(options: RelayAuthOptions) {
    this.opts = options;
  }

  /** The signer to answer with (null: challenges wait), and whether to answer at once. */
  setSigner(sign: AuthSign | null, eager: boolean, relays: Iterable<RelayConnection>): void {
    this.sign = sign;
    this.eager = eager;
    if (sign && eager) {
      for (const r of relays) if (this.entry(r.url).challenge) void this.authenticate(r);
    }
  }

  get canSign(): boolean {
    return this.sign !== null;
  }

  state(url: string): RelayAuthState {
    return this.entries.get(url)?.state ?? { status: 'none' };
  }

  /** Pending AUTH of this relay, if one is in flight (publishing waits for it). */
  inFlight(url: string): Promise<boolean> | null {
    return this.entries.get(url)?.inFlight ?? null;
  }

  onChallenge(relay: RelayConnection, challenge: string): void {
    const e = this.entry(relay.url);
    e.challenge = challenge;
    this.set(relay.url, e, { status: 'challenged' });
    if (this.sign && this.eager) void this.authenticate(relay);
  }

  /** Whether an OK was the answer to our AUTH event (then it is consumed here). */
  onOk(url: string, id: string, accepted: boolean, message: string): boolean {
    const e = this.entries.get(url);
    if (!e?.pending || e.pending.id !== id) return false;
    const { resolve, timer } = e.pending;
    this.opts.clock.clearTimeout(timer);
    e.pending = null;
    this.set(
      url,
      e,
      accepted ? { ...e.state, status: 'authenticated' } : { status: 'failed', message },
    );
    resolve(accepted);
    return true;
  }

  /** A challenge belongs to one connection: a new connection starts over. */
  onDisconnected(url: string): void {
    const e = this.entries.get(url);
    if (!e) return;
    if (e.pending) {
      this.opts.clock.clearTimeout(e.pending.timer);
      e.pending.resolve(false);
    }
    this.entries.delete(url);
    this.opts.onChange(url);
  }

  forget(url: string): void {
    this.onDisconnected(url);
  }

  /**
   * Answers the relay's challenge; resolves true once the relay accepted. Resolves false with no
   * challenge, no signer, a refused signature, a refusal or a time-out.
   */
  authenticate(relay: RelayConnection): Promise<boolean> {
    const e = this.entry(relay.url);
    if (e.state.status === 'authenticated') return Promise.resolve(true);
    if (e.inFlight) return e.inFlight;
    const challenge = e.challenge;
    const sign = this.sign;
    if (!challenge || !sign) return Promise.resolve(false);
    const run = (async () => {
      this.set(relay.url, e, { status: 'authenticating' });
      let event: NostrEvent;
      try {
        event = await sign({
          kind: 22242,
          tags: [
            ['relay', relay.url],
            ['challenge', challenge],
          ],
          content: '',
        });
      } catch (err) {
        this.set(relay.url, e, { status: 'failed', message: (err as Error).message });
        return false;
      }
      if (this.entries.get(relay.url) !== e || e.challenge !== challenge) return false;
      const accepted = new Promise<boolean>((resolve) => {
        const timer = this.opts.clock.setTimeout(() => {
          if (e.pending?.id !== event.id) return;
          e.pending = null;
          this.set(relay.url, e, { status: 'failed', message: 'auth timed out' });
          resolve(false);
        }, this.opts.timeoutMs);
        e.pending = { id: event.id, resolve, timer };
      });
      if (!relay.send(['AUTH', event])) {
        this.opts.clock.clearTimeout(e.pending?.timer);
        e.pending = null;
        this.set(relay.url, e, { status: 'challenged' });
        return false;
      }
      const ok = await accepted;
      if (ok) e.state = { status: 'authenticated', pubkey: event.pubkey };
      this.opts.onChange(relay.url);
      return ok;
    })();
    e.inFlight = run;
    void run.finally(() => {
      if (e.inFlight === run) e.inFlight = null;
    });
    return run;
  }

  private entry(url: string): Entry {
    let e = this.entries.get(url);
    if (!e) {
      e = { challenge: null, state: { status: 'none' }, pending: null, inFlight: null };
      this.entries.set(url, e);
    }
    return e;
  }

  private set(url: string, e: Entry, state: RelayAuthState): void {
    e.state = state;
    this.opts.onChange(url);
  }
}
