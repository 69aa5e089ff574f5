import { systemClock, type Clock } from '../clock.ts';
import type { OutboxDatabase } from './outbox-db.ts';
import type { SenderLock } from './sender-lock.ts';

export interface LeaseSenderLockOptions {
  /** How often the holder renews and the others look (ms). */
  heartbeatMs?: number;
  /** A lease not renewed for this long is free (a closed or crashed tab). */
  ttlMs?: number;
  clock?: Clock;
}

/**
 * The sender role as a lease in IndexedDB, for browsers without Web Locks: the holder renews
 * `{owner, expires}` every heartbeat inside a read-write transaction (IndexedDB runs them one
 * at a time, so claiming is atomic); another tab takes the lease once it expired.
 */
export class LeaseSenderLock implements SenderLock {
  private readonly db: OutboxDatabase;
  private readonly name: string;
  private readonly owner: string;
  private readonly heartbeatMs: number;
  private readonly ttlMs: number;
  private readonly clock: Clock;
  private onChange: (held: boolean) => void = () => {};
  private timer: unknown = null;
  private expiryTimer: unknown = null;
  private stopped = true;
  private holding = false;
  /** Until when the lease this tab wrote holds (ms). */
  private expires = 0;

  /** Holding, and the lease has not run out (a late heartbeat must not leave two senders). */
  get held(): boolean {
    return this.holding && this.clock.now() < this.expires;
  }

  constructor(
    db: OutboxDatabase,
    name: string,
    owner: string,
    options: LeaseSenderLockOptions = {},
  ) {
    this.db = db;
    this.name = name;
    this.owner = owner;
    this.heartbeatMs = options.heartbeatMs ?? 2000;
    this.ttlMs = options.ttlMs ?? 6000;
    this.clock = options.clock ?? systemClock;
  }

  start(onChange: (held: boolean) => void): void {
    this.onChange = onChange;
    this.stopped = false;
    void this.tick();
  }

  async takeOver(): Promise<void> {
    if (this.stopped) return;
    await this.claim(true);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    if (this.expiryTimer !== null) this.clock.clearTimeout(this.expiryTimer);
    this.timer = null;
    this.expiryTimer = null;
    if (!this.holding) return;
    try {
      const tx = this.db.transaction('leases', 'readwrite');
      const lease = await tx.store.get(this.name);
      if (lease?.owner === this.owner) await tx.store.delete(this.name);
      await tx.done;
    } catch {
      // the database is closing: the lease expires by itself
    }
    this.set(false);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    await this.claim(false);
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => void this.tick(), this.heartbeatMs);
  }

  /** Claims or renews the lease (taking it from its owner when `force`). */
  private async claim(force: boolean): Promise<void> {
    let held = false;
    let expires = 0;
    try {
      const tx = this.db.transaction('leases', 'readwrite');
      const lease = await tx.store.get(this.name);
      const now = this.clock.now();
      if (force || !lease || lease.expires <= now || lease.owner === this.owner) {
        expires = now + this.ttlMs;
        await tx.store.put({ name: this.name, owner: this.owner, expires });
        held = true;
      }
      await tx.done;
    } catch (e) {
      console.warn('outbox lease:', (e as Error).message);
    }
    if (this.stopped) return;
    if (held) {
      this.expires = expires;
      // Not renewed in time: this tab stops being the sender when its lease runs out.
      if (this.expiryTimer !== null) this.clock.clearTimeout(this.expiryTimer);
      this.expiryTimer = this.clock.setTimeout(() => {
        this.expiryTimer = null;
        if (!this.held) this.set(false);
      }, this.ttlMs);
    }
    this.set(held);
  }

  private set(held: boolean): void {
    if (this.holding === held) return;
    this.holding = held;
    this.onChange(held);
  }
}
