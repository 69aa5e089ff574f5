/** Thrown when every slot is taken and the waiting line is full. */
export class SlotsFull extends Error {}

/** At most `size` jobs at once, at most `queue` waiting (outbound fetches, image decodes). */
export class Slots {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  private readonly size: number;
  private readonly queue: number;

  constructor(size: number, queue: number) {
    this.size = size;
    this.queue = queue;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) {
      if (this.waiting.length >= this.queue) throw new SlotsFull('busy');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.busy++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
