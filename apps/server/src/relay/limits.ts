/** Limits of the NIP-01 relay; advertised in the NIP-11 document and enforced per connection. */
export interface RelayLimits {
  /** Largest text frame accepted (bytes); larger ones get a NOTICE. */
  maxMessageLength: number;
  /** Open subscriptions per connection. */
  maxSubscriptions: number;
  /** Filters in one REQ or COUNT. */
  maxFilters: number;
  /** Largest `limit` honoured; larger ones are clamped. */
  maxLimit: number;
  /** Values in one filter list (ids, authors, kinds, a tag). */
  maxFilterValues: number;
  /** Length of a subscription id. */
  maxSubidLength: number;
  /** Tags of one event. */
  maxEventTags: number;
  /** Token bucket: messages allowed in a burst, refilled at `ratePerSecond`. */
  rateBurst: number;
  ratePerSecond: number;
  /** Bytes queued to a client before it is disconnected as a slow reader. */
  maxOutboundBytes: number;
  /** Bytes (JSON) of the live filters of one connection's subscriptions together. */
  maxFilterBytes: number;
  /**
   * Bytes a second the connections of one client address may send together, and their burst;
   * past it they are not read until the budget refills (IntakeBudget).
   */
  addressBytesPerSecond: number;
  addressBurstBytes: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxMessageLength: 128 * 1024,
  maxSubscriptions: 200,
  maxFilters: 10,
  maxLimit: 500,
  maxFilterValues: 1000,
  maxSubidLength: 64,
  maxEventTags: 5000,
  rateBurst: 500,
  ratePerSecond: 200,
  maxOutboundBytes: 8 * 1024 * 1024,
  maxFilterBytes: 1024 * 1024,
  addressBytesPerSecond: 1024 * 1024,
  addressBurstBytes: 4 * 1024 * 1024,
};

/** Hard cap of the websocket itself: frames above it close the connection (1009). */
export const WS_MAX_PAYLOAD = 1024 * 1024;

/** A token bucket for one connection. */
export class RateLimiter {
  private tokens: number;
  private last = Date.now();
  private readonly burst: number;
  private readonly perSecond: number;

  constructor(burst: number, perSecond: number) {
    this.burst = burst;
    this.perSecond = perSecond;
    this.tokens = burst;
  }

  /** Takes one token; false when the client is over its rate. */
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
