import { systemClock, type Clock } from '../clock.ts';
import { ValueStore, type Observable } from '../store.ts';

/**
 * App activity (spec section 4): after 5 minutes without mouse move, scroll or key press the app
 * goes woke -> sleep (the cache socket closes, relays are suspended); activity while asleep goes
 * -> waking (socket reconnects, relays resume) -> woke after 36 s.
 */
export type ActivityState = 'woke' | 'sleep' | 'waking';

/**
 * Changes only when the state changes, so a component subscribed through
 * useSyncExternalStore does not re-render on every mouse move (see `lastActivity`).
 */
export interface ActivitySnapshot {
  state: ActivityState;
}

export interface ActivityTarget {
  addEventListener(type: string, listener: () => void, options?: { passive?: boolean }): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface ActivityTrackerOptions {
  /** Where user input is heard; defaults to `globalThis` (window). */
  target?: ActivityTarget;
  events?: string[];
  inactivityMs?: number;
  wakeDelayMs?: number;
  clock?: Clock;
}

/** What sleeps and wakes with the app (a CacheConnection and a RelayPool fit). */
export interface Sleeper {
  sleep?(): void;
  wake?(): void;
  suspend?(): void;
  resume?(): void;
}

export const activityEvents = [
  'mousemove',
  'scroll',
  'keydown',
  'wheel',
  'touchstart',
  'pointerdown',
];

export class ActivityTracker implements Observable<ActivitySnapshot> {
  private readonly target: ActivityTarget | undefined;
  private readonly events: string[];
  private readonly inactivityMs: number;
  private readonly wakeDelayMs: number;
  private readonly clock: Clock;
  private readonly state: ValueStore<ActivitySnapshot>;
  private readonly sleepers = new Set<Sleeper>();
  private idleTimer: unknown = null;
  private wakeTimer: unknown = null;
  private running = false;
  private last: number;

  constructor(options: ActivityTrackerOptions = {}) {
    this.target =
      options.target ??
      (typeof (globalThis as Partial<ActivityTarget>).addEventListener === 'function'
        ? (globalThis as unknown as ActivityTarget)
        : undefined);
    this.events = options.events ?? activityEvents;
    this.inactivityMs = options.inactivityMs ?? 5 * 60_000;
    this.wakeDelayMs = options.wakeDelayMs ?? 36_000;
    this.clock = options.clock ?? systemClock;
    this.last = this.clock.now();
    this.state = new ValueStore<ActivitySnapshot>({ state: 'woke' });
  }

  /** Last user activity (clock ms). */
  get lastActivity(): number {
    return this.last;
  }

  getSnapshot = (): ActivitySnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Registers something to put to sleep and wake; returns a function that unregisters it. */
  add(sleeper: Sleeper): () => void {
    this.sleepers.add(sleeper);
    return () => this.sleepers.delete(sleeper);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    for (const type of this.events)
      this.target?.addEventListener(type, this.activity, { passive: true });
    this.last = this.clock.now();
    this.armIdle(this.inactivityMs);
  }

  stop(): void {
    this.running = false;
    for (const type of this.events) this.target?.removeEventListener(type, this.activity);
    this.clear();
  }

  /** User activity (also callable directly, e.g. on visibility change). */
  activity = (): void => {
    if (!this.running) return;
    this.last = this.clock.now();
    if (this.state.getSnapshot().state === 'sleep') {
      this.state.set({ state: 'waking' });
      for (const s of this.sleepers) {
        s.wake?.();
        s.resume?.();
      }
      this.wakeTimer = this.clock.setTimeout(() => {
        this.wakeTimer = null;
        if (this.state.getSnapshot().state === 'waking') this.state.update({ state: 'woke' });
      }, this.wakeDelayMs);
      this.armIdle(this.inactivityMs);
      return;
    }
    // Cheap on every mouse move: only the time is recorded (no notification); the idle timer
    // checks it.
  };

  private armIdle(ms: number): void {
    if (this.idleTimer !== null) this.clock.clearTimeout(this.idleTimer);
    this.idleTimer = this.clock.setTimeout(() => this.checkIdle(), ms);
  }

  private checkIdle(): void {
    this.idleTimer = null;
    if (!this.running) return;
    const idle = this.clock.now() - this.last;
    if (idle < this.inactivityMs) {
      this.armIdle(this.inactivityMs - idle);
      return;
    }
    if (this.state.getSnapshot().state === 'sleep') return;
    if (this.wakeTimer !== null) this.clock.clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    this.state.update({ state: 'sleep' });
    for (const s of this.sleepers) {
      s.sleep?.();
      s.suspend?.();
    }
  }

  private clear(): void {
    if (this.idleTimer !== null) this.clock.clearTimeout(this.idleTimer);
    if (this.wakeTimer !== null) this.clock.clearTimeout(this.wakeTimer);
    this.idleTimer = null;
    this.wakeTimer = null;
  }
}
