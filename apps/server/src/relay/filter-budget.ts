/** Why a filter budget refused bytes: the whole relay is full, or this client holds its share. */
export type FilterRefusal = 'full' | 'share';

/**
 * Bytes of live relay filters held by all connections together (their JSON size, which tracks
 * their memory and the cost of matching every new event against them), and by each client
 * address (IPv6 by /64, as the connection caps count them): one address may hold at most
 * `share` of the whole, so one client opening many connections cannot take the budget from
 * everyone else. A REQ that would pass either is refused.
 */
export class FilterBudget {
  used = 0;
  refused = 0;
  /** Refusals because the client already held its share. */
  refusedShare = 0;

  private readonly limit: () => number;
  private readonly share: () => number;
  private readonly held = new Map<string, number>();

  /** `share`: the fraction (0-1] of the limit one client may hold (1: no per-client cap). */
  constructor(limit: () => number, share: () => number = () => 1) {
    this.limit = limit;
    this.share = share;
  }

  /** Takes `bytes` for `client` (a ConnectionCaps key); the refusal when it does not fit. */
  take(bytes: number, client: string): FilterRefusal | undefined {
    const limit = this.limit();
    const mine = (this.held.get(client) ?? 0) + bytes;
    const share = this.share();
    if (share < 1 && mine > limit * share) {
      this.refused++;
      this.refusedShare++;
      return 'share';
    }
    if (this.used + bytes > limit) {
      this.refused++;
      return 'full';
    }
    this.used += bytes;
    this.held.set(client, mine);
    return undefined;
  }

  give(bytes: number, client: string): void {
    this.used = Math.max(0, this.used - bytes);
    const left = (this.held.get(client) ?? 0) - bytes;
    if (left > 0) this.held.set(client, left);
    else this.held.delete(client);
  }

  /** Bytes held by the client that holds the most (for /health). */
  largestClient(): number {
    let most = 0;
    for (const n of this.held.values()) most = Math.max(most, n);
    return most;
  }
}
