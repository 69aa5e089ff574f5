import type { NostrEvent } from '@swell/nostr';

export type LiveListener = (event: NostrEvent) => void;

/**
 * In-process fan-out of newly stored (and ephemeral) events to live subscriptions. With
 * PostgreSQL, `pg-fanout.ts` also feeds it the events other instances stored.
 */
export class LiveBus {
  private readonly listeners = new Set<LiveListener>();

  /** Calls `fn` for every new event; returns the unsubscribe function. */
  subscribe(fn: LiveListener): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }

  /** Delivers events to every subscriber (a throwing subscriber does not stop the others). */
  publish(events: readonly NostrEvent[]): void {
    for (const e of events) {
      for (const fn of this.listeners) {
        try {
          fn(e);
        } catch {
          // One broken subscriber must not starve the rest.
        }
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
