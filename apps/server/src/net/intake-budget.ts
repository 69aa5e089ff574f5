/** Bytes a second and burst of one client address's budget. */
export interface IntakeRate {
  bytesPerSecond: number;
  burstBytes: number;
}

interface Bucket {
  tokens: number;
  last: number;
}

/**
 * What the connections of one client address (a ConnectionCaps key) may make the server read,
 * together: a token bucket of bytes. Every message is charged its size when it arrives; an
 * address that has used up its burst is told how long to stop reading (its connections pause and
 * TCP holds the rest back), so the work of parsing, checking and answering its messages cannot
 * crowd out other clients, however many connections it opens. A client within its rate never
 * waits.
 */
export class IntakeBudget {
  private readonly rate: () => IntakeRate;
  private readonly buckets = new Map<string, Bucket>();
  /** Times a connection was paused because its address was over its rate. */
  paused = 0;
  private charges = 0;

  constructor(rate: () => IntakeRate) {
    this.rate = rate;
  }

  /** Charges `bytes` to `client`: how many ms its connections should stop reading (0: none). */
  charge(client: string, bytes: number, now = Date.now()): number {
    const { bytesPerSecond, burstBytes } = this.rate();
    // Addresses come and go: the full buckets are dropped now and then.
    if (++this.charges % 4096 === 0) this.prune(now);
    let b = this.buckets.get(client);
    if (!b) this.buckets.set(client, (b = { tokens: burstBytes, last: now }));
    b.tokens = Math.min(burstBytes, b.tokens + ((now - b.last) / 1000) * bytesPerSecond);
    b.last = now;
    b.tokens -= bytes;
    if (b.tokens >= 0) return 0;
    this.paused++;
    return Math.ceil((-b.tokens / bytesPerSecond) * 1000);
  }

  /** Addresses with a bucket (tests). */
  get size(): number {
    return this.buckets.size;
  }

  /** Forgets addresses whose buckets are full again (a full bucket is the same as none). */
  prune(now = Date.now()): void {
    const { bytesPerSecond, burstBytes } = this.rate();
    for (const [client, b] of this.buckets) {
      if (b.tokens + ((now - b.last) / 1000) * bytesPerSecond >= burstBytes)
        this.buckets.delete(client);
    }
  }
}
