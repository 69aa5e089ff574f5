import type { SignedEvent } from './event.ts';

/**
 * Web Push from this server (cache-protocol.md section 8, "Web Push"): the commands a client
 * uses on `/v1` to receive notifications while no tab is open, their answers, and the message a
 * push carries (RFC 8291-encrypted to the subscription; this is its plaintext), shared by the
 * server, the client and the service worker.
 */

/** Result kinds of the push commands. */
export const PushResultKind = {
  /** `push_config`: PushConfig. */
  Config: 10000700,
  /** `push_subscribe` (one), `push_subscriptions` (one per device): PushSubscriptionInfo. */
  Subscription: 10000701,
  /** `push_unsubscribe`: `{endpoint, removed}`. */
  Removed: 10000702,
  /** `push_presence_token`: PushPresenceToken. */
  PresenceToken: 10000703,
  /** `push_presence`: `{focused_until}`. */
  Presence: 10000704,
} as const;

/**
 * Notification types a push can be asked for (cache-protocol.md section 3): 1 new follower,
 * 2 unfollowed, 3 zapped, 4 liked, 5 reposted, 6 replied, 7 mentioned, 8 quoted, 101-104 and
 * 201-204 the same about a post you were mentioned in or that mentioned your post. Direct
 * messages are `dms` in the preferences.
 */
export const PUSH_NOTIFICATION_TYPES: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 101, 102, 103, 104, 201, 202, 203, 204,
];

/** What a device gets pushed when its preferences leave something out. */
export const DEFAULT_PUSH_TYPES: readonly number[] = PUSH_NOTIFICATION_TYPES.filter((t) => t !== 2);

/** What one device wants pushed. */
export interface PushPreferences {
  /** Notification types (PUSH_NOTIFICATION_TYPES). */
  types: number[];
  /** Direct messages: "New message from X", never the text. */
  dms: boolean;
  /** Nothing is pushed while a tab of this user reports focus (`push_presence`). */
  quiet_when_focused: boolean;
}

/** A browser's subscription as `PushSubscription.toJSON()` gives it (keys base64url). */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Content of the `event_from_user` of `push_subscribe` (JSON). */
export interface PushSubscribeContent {
  subscription: WebPushSubscription;
  preferences?: Partial<PushPreferences>;
}

/** Content of the `event_from_user` of `push_unsubscribe` (JSON). */
export interface PushUnsubscribeContent {
  endpoint: string;
}

/** `push_config` answer (kind 10000700). */
export interface PushConfig {
  /** The VAPID public key (RFC 8292), base64url of the uncompressed P-256 point: the `applicationServerKey`. */
  vapid_public_key: string;
  types: number[];
  default_preferences: PushPreferences;
  /** Subscriptions kept per user; registering one more drops the least recently registered. */
  max_subscriptions: number;
  /** How long one `push_presence {focused: true}` holds, in seconds: renew well before. */
  focus_seconds: number;
}

/** One registered device (kind 10000701). */
export interface PushSubscriptionInfo {
  endpoint: string;
  preferences: PushPreferences;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}

/** `push_presence_token` answer (kind 10000703): the token `push_presence` takes. */
export interface PushPresenceToken {
  token: string;
  /** Unix seconds; ask for a new one after. */
  expires_at: number;
  focus_seconds: number;
}

/** Who a pushed notification is from. */
export interface PushActor {
  pubkey: string;
  /** display_name or name of their profile, plain text, at most 64 characters. */
  name?: string;
  /** Their profile picture (https), for the notification's icon. */
  picture?: string;
}

/**
 * The plaintext of one push (JSON, at most 3 KB): what the notification shows and an id,
 * nothing else (never a message's text or a note's content). `url` is the app path a click
 * opens.
 */
export type PushMessage =
  | {
      v: 1;
      kind: 'notification';
      /** The notification's id (as in `get_notifications`). */
      id: string;
      type: number;
      /** Unix seconds. */
      created_at: number;
      from: PushActor;
      /** The note to open (hex id): the reply, mention or quote, else the post acted on. */
      note?: string;
      /** Zaps: the amount. */
      sats?: number;
      url: string;
    }
  | {
      v: 1;
      kind: 'dm';
      /** The message's event id (kind 4 or the NIP-17 gift wrap). */
      id: string;
      created_at: number;
      /** The sender; absent for NIP-17 messages, whose sender only the receiver can unseal. */
      from?: PushActor;
      url: string;
    }
  | {
      v: 1;
      kind: 'digest';
      id: string;
      created_at: number;
      /** How many notifications and messages this stands for. */
      count: number;
      /** Of which, per notification type (`"6": 12`) and `"dm"`. */
      types: Record<string, number>;
      /** The most recent one's actor. */
      from?: PushActor;
      url: string;
    };

/** Payloads of the push commands (`/v1`). */
export interface PushPayloads {
  push_config: Record<string, never>;
  push_subscribe: { event_from_user: SignedEvent };
  push_unsubscribe: { event_from_user: SignedEvent };
  push_subscriptions: { event_from_user: SignedEvent };
  push_presence_token: { event_from_user: SignedEvent };
  push_presence: { token: string; focused: boolean };
}

export type PushCommand = keyof PushPayloads;
