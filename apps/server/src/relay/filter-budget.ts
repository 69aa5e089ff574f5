/**
 * Bytes of live relay filters held by all connections together (their JSON size, which tracks
 * their memory and the cost of matching every new event against them). A REQ that would pass
 * the budget is refused.
 */
export class FilterBudget {
  used = 0;
  refused = 0;

  private readonly limit: () => number;

  constructor(limit: () => number) {
    this.limit = limit;
  }

  take(bytes: number): boolean {
    if (this.used + bytes > this.limit()) {
      this.refused++;
      return false;
    }
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}
