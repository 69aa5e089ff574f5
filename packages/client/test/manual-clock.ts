import type { Clock } from '../src/clock.ts';

/** A clock the test moves by hand (for 5-minute and 36-second waits). */
export class ManualClock implements Clock {
  private t = 1_000_000;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private next = 1;

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** The delays (from now) of the timers still pending, in ascending order. */
  pending(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.t).sort((a, b) => a - b);
  }

  /** Moves time forward, running due timers in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let dueId: number | null = null;
      let dueAt = Infinity;
      for (const [id, t] of this.timers)
        if (t.at <= end && t.at < dueAt) [dueId, dueAt] = [id, t.at];
      if (dueId === null) break;
      const timer = this.timers.get(dueId)!;
      this.timers.delete(dueId);
      this.t = dueAt;
      timer.fn();
    }
    this.t = end;
  }
}

/** A clock whose timers fire at once (on a microtask); it records every requested delay. */
export class InstantClock implements Clock {
  readonly delays: number[] = [];
  private cleared = new Set<number>();
  private next = 1;

  now(): number {
    return 0;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.delays.push(ms);
    queueMicrotask(() => {
      if (!this.cleared.has(id)) fn();
    });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.cleared.add(handle as number);
  }
}
