import type { NostrEvent } from '@swell/nostr';

/**
 * Publishing (designed here, built with the write features).
 *
 * Path: action -> signer -> `Outbox.add` (persisted BEFORE anything is sent) ->
 * `RelayPool.publish(event, writeRelays)` sends `["EVENT", event]` to every write relay that is
 * connected (or connects it), waits for `["OK", id, accepted, message]` with an 8000 ms time-out
 * per relay -> success as soon as ONE relay accepts (then `Outbox.remove`) and `import_events`
 * to the cache; every relay rejecting or timing out is a failure ('No publish confirmation' /
 * per-relay timeout) and the event stays in the outbox for a later retry. A relay closing
 * before its OK counts as that relay failing, never as success. In proxy mode the cache's
 * `broadcast_events` replaces the relay step.
 */
export interface PendingEvent {
  event: NostrEvent;
  /** Write relays at the time of signing. */
  relays: string[];
  /** When it was signed (ms). */
  addedAt: number;
  attempts: number;
  /** Per relay: the last rejection or time-out message. */
  lastErrors: Record<string, string>;
}

/** Signed events not yet accepted by any relay; survives reloads (local storage, IndexedDB). */
export interface Outbox {
  add(event: NostrEvent, relays: string[]): Promise<void>;
  /** Called once a relay accepted the event. */
  remove(id: string): Promise<void>;
  update(id: string, patch: Partial<Omit<PendingEvent, 'event'>>): Promise<void>;
  list(): Promise<PendingEvent[]>;
}

export interface PublishResult {
  id: string;
  /** True when at least one relay accepted it. */
  ok: boolean;
  accepted: string[];
  /** Relay url -> reason ('timeout', the relay's message, 'connection closed'). */
  failed: Record<string, string>;
}
