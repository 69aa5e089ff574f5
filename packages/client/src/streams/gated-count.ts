import type { ActivityTracker } from '../activity/activity-tracker.ts';
import type { Session } from '../session/session.ts';
import { ValueStore, type Observable } from '../store.ts';

export interface GatedCountOptions {
  session: Pick<Session, 'getSnapshot' | 'subscribe'>;
  /** null: the app never sleeps (tests, no activity target). */
  activity: Pick<ActivityTracker, 'getSnapshot' | 'subscribe'> | null;
  /** Opens the cache stream for a user; returns its stop function. */
  open(pubkey: string, onValue: (value: number) => void): () => void;
}

/**
 * A count the cache streams for the signed-in user (`directmsg_count`, `notification_counts`),
 * open only while the key lookup is done, a public key exists and the app is active (woke); it
 * stops when the app goes to sleep or the user signs out (spec section 4, "Direct messages").
 * The value (null when unknown) changes only when the count does; it survives sleep and is
 * dropped when the user changes.
 */
export class GatedCount implements Observable<number | null> {
  private readonly opts: GatedCountOptions;
  private readonly state = new ValueStore<number | null>(null);
  private stop: (() => void) | null = null;
  private streamingFor: string | null = null;
  private valueFor: string | null | undefined = undefined;
  private readonly unwatch: Array<() => void> = [];

  constructor(options: GatedCountOptions) {
    this.opts = options;
    this.unwatch.push(options.session.subscribe(() => this.check()));
    if (options.activity) this.unwatch.push(options.activity.subscribe(() => this.check()));
    this.check();
  }

  getSnapshot = (): number | null => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Whether the stream is open now. */
  get streaming(): boolean {
    return this.stop !== null;
  }

  /** Sets the value locally (a reset answered): the stream says the same a moment later. */
  set(value: number): void {
    this.state.set(value);
  }

  close(): void {
    for (const u of this.unwatch.splice(0)) u();
    this.halt();
  }

  private check(): void {
    const s = this.opts.session.getSnapshot();
    if (s.pubkey !== this.valueFor) {
      // Another user (or none): the old count is not theirs. Sleeping keeps the last value.
      this.valueFor = s.pubkey;
      this.state.set(null);
    }
    const active = !this.opts.activity || this.opts.activity.getSnapshot().state === 'woke';
    const want = s.resolved && s.pubkey && active ? s.pubkey : null;
    if (want === this.streamingFor) return;
    this.halt();
    if (!want) return;
    this.streamingFor = want;
    this.stop = this.opts.open(want, (value) => {
      if (this.streamingFor === want) this.state.set(value);
    });
  }

  private halt(): void {
    this.stop?.();
    this.stop = null;
    this.streamingFor = null;
  }
}
