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
