import type { Filter, NostrEvent } from '@swell/nostr';

export interface TransportSubscribeOptions {
  /** The relays to ask (the wallet connection's relays). */
  relays: readonly string[];
  /** Each event that matches the filters, checked (id, signature) and de-duplicated. */
  onEvent(event: NostrEvent): void;
  /** Once: every relay sent EOSE, failed or timed out. */
  onEose?(): void;
  /** Every relay of the subscription is gone (closed or unreachable); `reason` says why. */
  onClose?(reason: string): void;
}

export interface TransportSubscription {
  close(): void;
}

/**
 * What the NIP-47 client needs from relays: subscribe and publish. `WebSocketRelayTransport`
 * is a small implementation over the standard `WebSocket` (browser and Node); an app can pass
 * its own relay pool behind this interface instead.
 */
export interface RelayTransport {
  subscribe(filters: Filter[], options: TransportSubscribeOptions): TransportSubscription;
  /**
   * Sends an event to the relays. Resolves when one of them accepted it (`OK` true); rejects
   * with the relays' reasons when none did (refused, unreachable, no answer in time).
   */
  publish(event: NostrEvent, relays: readonly string[]): Promise<void>;
}
