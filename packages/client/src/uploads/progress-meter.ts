import { systemClock, type Clock } from '../clock.ts';

/** Bytes per second and time left of a transfer, over a sliding window of recent progress. */
export class ProgressMeter {
  private readonly samples: Array<{ at: number; bytes: number }> = [];
  private readonly windowMs: number;
  private readonly clock: Clock;

  constructor(opts: { windowMs?: number; clock?: Clock } = {}) {
    this.windowMs = opts.windowMs ?? 4000;
    this.clock = opts.clock ?? systemClock;
  }

  /** Records that `bytes` (a running total) were sent by now. */
  record(bytes: number): void {
    const at = this.clock.now();
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs)
      this.samples.shift();
  }

  /** Bytes per second over the window; 0 until two samples are some time apart. */
  rate(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 50) return 0;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** Seconds until `total` at the current rate; null while the rate is unknown. */
  secondsLeft(total: number): number | null {
    const rate = this.rate();
    const last = this.samples[this.samples.length - 1];
    if (!last || rate <= 0) return null;
    return Math.max(0, (total - last.bytes) / rate);
  }

  reset(): void {
    this.samples.length = 0;
  }
}
