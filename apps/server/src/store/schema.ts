/**
 * The storage schema, shared by both backends (SQLite and PostgreSQL). Table and column names are
 * stable: other parts of the server (the cache API) query them directly through Kysely. Changes
 * are additive only.
 *
 * Conventions that hold in both dialects:
 * - ids, pubkeys and signatures are lowercase hex TEXT;
 * - times are unix seconds (INTEGER in SQLite, BIGINT in PostgreSQL, read back as `number`);
 * - flags are INTEGER 0/1 (no booleans, so the same queries work on both);
 * - JSON values are TEXT holding JSON (parse them with JSON.parse).
 */

/** Raw signed events. Superseded replaceable versions and deleted events are removed. */
export interface EventsTable {
  id: string;
  pubkey: string;
  created_at: number;
  kind: number;
  /** JSON array of tags. */
  tags: string;
  content: string;
  sig: string;
  /** When this server first stored the event (unix seconds). */
  first_seen: number;
}

/**
 * Tag index: one row per indexed tag (single-letter names, first value at most 512 chars).
 * `kind`, `created_at` and `pubkey` are copied from the event so tag queries need no join.
 * Indexed (name, value, kind, created_at desc) and (event_id).
 */
export interface EventTagsTable {
  event_id: string;
  name: string;
  value: string;
  kind: number;
  created_at: number;
  pubkey: string;
}

/**
 * Current head of each replaceable (0, 3, 10000-19999; `d_tag` '') and addressable
 * (30000-39999, by d tag) event. `event_id` is in `events`.
 */
export interface ReplaceableHeadsTable {
  pubkey: string;
  kind: number;
  d_tag: string;
  event_id: string;
  created_at: number;
}

/**
 * NIP-09 deletions: `target` is an event id or an `kind:pubkey:d` coordinate that `pubkey`
 * deleted. Later copies of a deleted id (or older versions of a deleted coordinate, up to
 * `created_at`) are refused.
 */
export interface DeletionsTable {
  target: string;
  pubkey: string;
  deletion_id: string;
  created_at: number;
}

/** Thread structure of kind 1 notes (cache-protocol.md section 7). */
export interface ThreadsTable {
  event_id: string;
  /** Direct parent (the note replied to), null for a root post. */
  parent_id: string | null;
  /** Thread root, null for a root post. */
  root_id: string | null;
  pubkey: string;
  kind: number;
  created_at: number;
}

/** Per-event stats (result kind 10000100). One row per event that has received any action. */
export interface EventStatsTable {
  event_id: string;
  likes: number;
  replies: number;
  /** Notes quoting/mentioning this event. */
  mentions: number;
  reposts: number;
  zaps: number;
  satszapped: number;
  score: number;
  /** Score of actions from the last 24 h (kept current by `Store.expireScores`). */
  score24h: number;
  bookmarks: number;
  /** created_at of the event itself (0 when the event is not known yet); for trending queries. */
  created_at: number;
  /** Author of the event ('' when unknown). */
  pubkey: string;
}

/**
 * Score contributions (cache-protocol.md section 6): one row per first action of a user on a
 * note. `expired` = 1 once the row's points have been taken out of `score24h`.
 */
export interface ScorePointsTable {
  event_id: string;
  actor: string;
  /** 'like' | 'repost' | 'quote' | 'zap' | 'reply' */
  action: string;
  points: number;
  created_at: number;
  expired: number;
}

/** Per-user stats (result kind 10000105, spec section 3 User stats). */
export interface UserStatsTable {
  pubkey: string;
  follows_count: number;
  followers_count: number;
  /** Kind 1 notes that are not replies. */
  note_count: number;
  /** Kind 30023 articles (current versions). */
  long_form_note_count: number;
  /** Kind 1 replies. */
  reply_count: number;
  /** Earliest created_at of any event of the user. */
  time_joined: number;
  /** r tags in the user's current kind 10002. */
  relay_count: number;
  /** Zaps received. */
  total_zap_count: number;
  total_satszapped: number;
  /** Kind 1 notes with an image or video link. */
  media_count: number;
}

/** The follow graph, from each user's current kind 3. */
export interface FollowsTable {
  follower: string;
  followed: string;
  /** created_at of the kind 3 that first contained the follow. */
  created_at: number;
}

/** Zaps, derived from kind 9735 receipts. */
export interface ZapsTable {
  receipt_id: string;
  /** The zap request's author ('' if unknown). */
  sender: string;
  receiver: string;
  /** The zapped event (null for a profile zap). */
  event_id: string | null;
  /** The zapped coordinate (a tag), if any. */
  coordinate: string | null;
  amount_msats: number;
  amount_sats: number;
  created_at: number;
  /** The zap request's content (the zap comment). */
  message: string;
  /** The zap poll option the request names (`poll_option`), if any (migration 0015). */
  poll_option: string | null;
}

/**
 * The counted NIP-88 votes (migration 0015): one row per option of each voter's latest response
 * within the poll's time (`ingest/derive-polls.ts`).
 */
export interface PollVotesTable {
  poll_id: string;
  voter: string;
  option_id: string;
  response_id: string;
  created_at: number;
}

/** Per-user actions on a note (result kind 10000115). Flags 0/1. */
export interface NoteActionsTable {
  pubkey: string;
  event_id: string;
  liked: number;
  replied: number;
  reposted: number;
  zapped: number;
  quoted: number;
}

/**
 * Notifications (cache-protocol.md section 2: types 1-8, 101-104, 201-204). `id` is
 * deterministic (`type:source event id:receiver`), so re-ingesting never duplicates.
 * `data` holds the role fields exactly as the result kind 10000110 carries them, e.g.
 * `{"your_post": id, "who_liked_it": pubkey}`.
 */
export interface NotificationsTable {
  id: string;
  /** The receiver. */
  pubkey: string;
  created_at: number;
  type: number;
  /** Who acted (follower, liker, zapper, replier, mentioner). */
  actor: string;
  /** The event that caused it (kind 3, 7, 6, 1, 9735, ...). */
  source_event_id: string;
  /** The receiver's post involved (your_post or the post mentioning them), if any. */
  subject_event_id: string | null;
  /** JSON object of role fields. */
  data: string;
}

/** The time until which a user has seen their notifications (set_notifications_seen). */
export interface NotificationsSeenTable {
  pubkey: string;
  seen_until: number;
}

/**
 * Direct-message counters (kind 4). One row per (receiver, sender) conversation side:
 * `cnt` counts unread messages from `sender` to `receiver` (reset by the cache API);
 * `latest_at`/`latest_event_id` is the latest message of the conversation in EITHER direction
 * (so a user's contact list also shows peers they only wrote to, with cnt 0).
 */
export interface DmCountsTable {
  receiver: string;
  sender: string;
  cnt: number;
  latest_at: number;
  latest_event_id: string;
}

/**
 * NIP-17 gift wraps (kind 1059) by recipient (their one p tag) and read state. The sender is
 * sealed inside the wrap, so unread wraps are counted per recipient only; the recipient's client
 * marks the ones it has read (`reset_directmsg_count` with `gift_wraps`). `received_at` is 0 for
 * a wrap marked read before it was stored (the sender's own copy).
 */
export interface DmGiftWrapsTable {
  wrap_id: string;
  receiver: string;
  received_at: number;
  is_read: number;
}

/** App settings (kind 30078 by d tag = client name); `event` is the whole event JSON. */
export interface AppSettingsTable {
  pubkey: string;
  client: string;
  event: string;
  created_at: number;
}

/** Upstream ingestion cursors: the newest created_at seen from each relay. */
export interface UpstreamCursorsTable {
  relay: string;
  last_created_at: number;
}

/**
 * The NIP-05 names this server serves at `/.well-known/nostr.json` (the name registry): one name
 * per pubkey. Names are lowercase `[a-z0-9._-]`; a kind 0 claiming `name@host` never takes one.
 */
export interface Nip05NamesTable {
  name: string;
  pubkey: string;
  created_at: number;
  updated_at: number;
}

/** Server-wide settings every instance shares (the default account, the feed service key). */
export interface ServerSettingsTable {
  key: string;
  value: string;
}

/** The Kysely database type. */
export interface Database {
  events: EventsTable;
  event_tags: EventTagsTable;
  replaceable_heads: ReplaceableHeadsTable;
  deletions: DeletionsTable;
  threads: ThreadsTable;
  event_stats: EventStatsTable;
  score_points: ScorePointsTable;
  user_stats: UserStatsTable;
  follows: FollowsTable;
  zaps: ZapsTable;
  poll_votes: PollVotesTable;
  note_actions: NoteActionsTable;
  notifications: NotificationsTable;
  notifications_seen: NotificationsSeenTable;
  dm_counts: DmCountsTable;
  dm_gift_wraps: DmGiftWrapsTable;
  app_settings: AppSettingsTable;
  upstream_cursors: UpstreamCursorsTable;
  nip05_names: Nip05NamesTable;
  server_settings: ServerSettingsTable;
}
