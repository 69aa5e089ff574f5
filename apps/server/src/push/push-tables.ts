import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/store.ts';

/**
 * One device that asked for pushes (migration 0014-web-push). Times are unix seconds, flags 0/1.
 * `tokens`/`tokens_at` are its send budget (a token bucket: `burst` pushes, one more every
 * `intervalSeconds`), `blocked_until` the end of a back-off its push service asked for.
 */
export interface PushSubscriptionsTable {
  id: string;
  pubkey: string;
  /** The push service's URL for this device (RFC 8030): a capability, never logged whole. */
  endpoint: string;
  /** The device's P-256 public key and auth secret (RFC 8291), base64url. */
  p256dh: string;
  auth: string;
  /** JSON array of notification types. */
  types: string;
  dms: number;
  quiet_when_focused: number;
  created_at: number;
  updated_at: number;
  tokens: number;
  tokens_at: number;
  blocked_until: number;
}

/**
 * What happened to one notification (or message) for one device. The primary key of
 * (subscription_id, item) makes every instance that hears of it insert it once; the lease says
 * which instance is sending it.
 *
 * status: `pending` (to send at `next_at`), `held` (over the device's budget: waits for the next
 * digest), `digested` (sent as part of the digest `digest`), `sent`, `quiet` (a tab of the user
 * had focus), `failed` (refused, or gave up after retries).
 */
export interface PushDeliveriesTable {
  id: string;
  subscription_id: string;
  /** The notification's id, or `dm:<event id>`. */
  item: string;
  kind: 'notification' | 'dm';
  /** Notification type (0 for messages). */
  type: number;
  /** Who acted ('' when unknown: a NIP-17 message). */
  actor: string;
  /** The note a click opens. */
  note: string | null;
  sats: number | null;
  created_at: number;
  status: 'pending' | 'held' | 'digested' | 'sent' | 'quiet' | 'failed';
  attempts: number;
  next_at: number;
  lease_owner: string;
  lease_until: number;
  digest: string | null;
  updated_at: number;
}

/** A tab's focus reports: a token issued under a signed request, and until when it has focus. */
export interface PushPresenceTable {
  /** SHA-256 of the token (hex); the token itself is only with the tab. */
  token_hash: string;
  pubkey: string;
  expires_at: number;
  focused_until: number;
}

export interface PushDatabase extends Database {
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  push_presence: PushPresenceTable;
}

/** The store's Kysely handle, typed with the push tables. */
export function pushDb(db: Store['db']): Kysely<PushDatabase> {
  return db as unknown as Kysely<PushDatabase>;
}
