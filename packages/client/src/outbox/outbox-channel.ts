/** What tabs tell each other about the outbox (a BroadcastChannel per outbox database). */
export type OutboxMessage =
  { type: 'changed' } | { type: 'sent'; id: string } | { type: 'discarded'; id: string };

/**
 * Tells the other tabs of this browser that the outbox changed, so every tab shows the same
 * state on its notes. Without BroadcastChannel it does nothing (the tab then sees changes when
 * it reloads the outbox).
 */
export class OutboxChannel {
  private readonly channel: BroadcastChannel | null;

  constructor(name: string | null, onMessage: (m: OutboxMessage) => void) {
    this.channel =
      name !== null && typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
    if (this.channel) {
      this.channel.onmessage = (ev: MessageEvent) => {
        const m = ev.data as OutboxMessage | undefined;
        if (m && typeof m === 'object' && typeof m.type === 'string') onMessage(m);
      };
    }
  }

  post(message: OutboxMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // a closed channel: nothing to tell
    }
  }

  close(): void {
    this.channel?.close();
  }
}
