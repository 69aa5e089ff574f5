/** At most `size` holders at once; the others wait in line (first come, first served). */
export class Slots {
  private readonly size: number;
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  get inUse(): number {
    return this.held;
  }

  /** Runs `fn` once a slot is free, and frees it when `fn` settles. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.held >= this.size) await new Promise<void>((r) => this.waiting.push(r));
    else this.held++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.held--;
    }
  }
}
