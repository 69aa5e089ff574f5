import type { SignedEvent } from './event.ts';
import type { PushPayloads } from './push.ts';

/** Paging fields shared by most list commands (cache-protocol.md section 4). */
export interface PageParams {
  limit?: number;
  since?: number;
  until?: number;
  offset?: number;
}

/** `user_pubkey` personalises an answer (note actions, moderation). */
export interface Personal {
  user_pubkey?: string;
}

export type FeedNotes =
  | 'authored'
  | 'replies'
  | 'bookmarks'
  | 'user_media_thumbnails'
  | 'follows'
  | 'user_all_notes'
  | 'zaps';

export type ExploreTimeframe = 'latest' | 'trending' | 'popular' | 'mostzapped';
export type ExploreScope = 'follows' | 'tribe' | 'network' | 'global';
export type NotificationTypeGroup = 'all' | 'zaps' | 'replies' | 'mentions' | 'reposts';

/** Every cache command and its payload type (the Web Push commands are in push.ts). */
export interface CachePayloads extends PushPayloads {
  set_primal_protocol: { compression?: 'zlib' | string };
  feed: PageParams &
    Personal & { pubkey: string; notes?: FeedNotes; include_replies?: boolean; kinds?: number[] };
  mega_feed_directive: PageParams & Personal & { spec: string };
  thread_view: PageParams & Personal & { event_id: string };
  /** Empty `event_ids`: recent events (paged by `limit`, `since`, `until`, `offset`). */
  events: PageParams & Personal & { event_ids: string[]; extended_response?: boolean };
  long_form_content_feed: PageParams &
    Personal & {
      pubkey?: string;
      notes?: 'authored' | 'follows' | 'zappedbyfollows';
      topic?: string;
    };
  long_form_content_thread_view: PageParams &
    Personal & { pubkey: string; identifier: string; kind?: number };
  parametrized_replaceable_event: Personal & {
    pubkey: string;
    kind: number;
    identifier: string;
    extended_response?: boolean;
  };
  parametrized_replaceable_events: Personal & {
    events: Array<{ pubkey: string; kind: number; identifier: string }>;
    extended_response?: boolean;
  };
  get_highlights: PageParams & Personal & { pubkey: string; identifier: string; kind?: number };
  user_infos: { pubkeys: string[] };
  user_profile: Personal & { pubkey: string };
  contact_list: { pubkey: string; extended_response?: boolean };
  is_user_following: { pubkey: string; user_pubkey: string };
  user_followers: { pubkey: string; limit?: number };
  user_profile_scored_content: Personal & { pubkey: string; limit?: number };
  user_profile_followed_by: { pubkey: string; user_pubkey: string; limit?: number };
  user_zaps_sent: PageParams & Personal & { sender: string };
  event_actions: PageParams &
    Personal & { event_id?: string; pubkey?: string; identifier?: string; kind: number };
  note_mentions: PageParams &
    Personal & { event_id?: string; pubkey?: string; identifier?: string };
  note_mentions_count: { event_id: string };
  event_zaps_by_satszapped: PageParams &
    Personal & { event_id?: string; pubkey?: string; identifier?: string };
  explore: PageParams &
    Personal & {
      timeframe: ExploreTimeframe;
      scope: ExploreScope;
      created_after?: number;
      group_by_pubkey?: boolean;
    };
  explore_people: PageParams & Personal;
  explore_zaps: PageParams & Personal;
  explore_media: PageParams & Personal;
  explore_topics: Personal;
  explore_legend_counts: { pubkey: string };
  scored: Personal & { selector: string };
  scored_users_24h: Personal;
  net_stats: Record<string, never>;
  search: PageParams & Personal & { query: string };
  user_search: { query: string; limit?: number; pubkey?: string };
  advanced_feed: PageParams & Personal & { specification: string };
  search_filterlist: { pubkey: string; user_pubkey?: string };
  get_home_feeds: Personal;
  get_reads_feeds: Personal;
  get_reads_topics: Personal;
  get_featured_authors: Personal;
  get_recommended_reads: Personal;
  get_default_relays: Record<string, never>;
  get_suggested_users: Personal;
  get_app_releases: Record<string, never>;
  get_default_app_settings: { client: string };
  get_app_settings: { event_from_user: SignedEvent };
  set_app_settings: { settings_event: SignedEvent };
  get_app_subsettings: { event_from_user: SignedEvent };
  /** The signed 30078 goes under `event_from_user` (the reference client); `settings_event` is accepted too. */
  set_app_subsettings: { event_from_user: SignedEvent } | { settings_event: SignedEvent };
  import_events: { events: SignedEvent[] };
  broadcast_events: { events: SignedEvent[]; relays: string[] };
  mutelist: { pubkey: string; extended_response?: boolean };
  mutelists: { pubkey: string; extended_response?: boolean };
  allowlist: { pubkey: string; extended_response?: boolean };
  get_bookmarks: Personal & { pubkey: string };
  get_user_relays: { pubkey: string };
  parameterized_replaceable_list: {
    pubkey: string;
    identifier: string;
    extended_response?: boolean;
  };
  creator_paid_tiers: { pubkey: string };
  /** Ours: the subscriber's NIP-88 subscriptions (kind 7001) not ended by a kind 7002. */
  author_subscriptions: { pubkey: string; creator?: string; limit?: number };
  get_featured_dvm_feeds: Personal & { kind?: 'notes' | 'reads' };
  dvm_feed_info: Personal & { pubkey: string; identifier: string };
  get_advanced_feeds: Record<string, never>;
  report_user: { pubkey: string; event_from_user: SignedEvent };
  get_notifications: PageParams & Personal & { pubkey: string; type_group?: NotificationTypeGroup };
  get_notifications_seen: { pubkey: string };
  set_notifications_seen: { event_from_user: SignedEvent };
  notification_counts: { pubkey: string };
  directmsg_count: { pubkey: string };
  get_directmsg_contacts: PageParams & {
    user_pubkey: string;
    relation?: 'follows' | 'other' | 'any';
  };
  get_directmsgs: PageParams & { receiver: string; sender: string };
  /**
   * `gift_wraps` (ours, optional): ids of NIP-17 gift wraps (kind 1059) of this conversation the
   * user has read, at most 500; the server cannot see their sender. With them, `sender` may be
   * left out (then only the wraps are marked read).
   */
  reset_directmsg_count:
    | { event_from_user: SignedEvent; sender: string; gift_wraps?: string[] }
    | { event_from_user: SignedEvent; gift_wraps: string[] };
  reset_directmsg_counts: { event_from_user: SignedEvent };
  /** Signed kind 10000135 events (uploads.ts has their content). */
  upload_chunk: { event_from_user: SignedEvent };
  upload_complete: { event_from_user: SignedEvent };
  upload_cancel: { event_from_user: SignedEvent };
}

export type CacheCommand = keyof CachePayloads;

/** Every command name, for routing and for `unknown api request`. */
export const CACHE_COMMANDS = [
  'set_primal_protocol',
  'feed',
  'mega_feed_directive',
  'thread_view',
  'events',
  'long_form_content_feed',
  'long_form_content_thread_view',
  'parametrized_replaceable_event',
  'parametrized_replaceable_events',
  'get_highlights',
  'user_infos',
  'user_profile',
  'contact_list',
  'is_user_following',
  'user_followers',
  'user_profile_scored_content',
  'user_profile_followed_by',
  'user_zaps_sent',
  'event_actions',
  'note_mentions',
  'note_mentions_count',
  'event_zaps_by_satszapped',
  'explore',
  'explore_people',
  'explore_zaps',
  'explore_media',
  'explore_topics',
  'explore_legend_counts',
  'scored',
  'scored_users_24h',
  'net_stats',
  'search',
  'user_search',
  'advanced_feed',
  'search_filterlist',
  'get_home_feeds',
  'get_reads_feeds',
  'get_reads_topics',
  'get_featured_authors',
  'get_recommended_reads',
  'get_default_relays',
  'get_suggested_users',
  'get_app_releases',
  'get_default_app_settings',
  'get_app_settings',
  'set_app_settings',
  'get_app_subsettings',
  'set_app_subsettings',
  'import_events',
  'broadcast_events',
  'mutelist',
  'mutelists',
  'allowlist',
  'get_bookmarks',
  'get_user_relays',
  'parameterized_replaceable_list',
  'creator_paid_tiers',
  'author_subscriptions',
  'get_featured_dvm_feeds',
  'dvm_feed_info',
  'get_advanced_feeds',
  'report_user',
  'get_notifications',
  'get_notifications_seen',
  'set_notifications_seen',
  'notification_counts',
  'directmsg_count',
  'get_directmsg_contacts',
  'get_directmsgs',
  'reset_directmsg_count',
  'reset_directmsg_counts',
  'upload_chunk',
  'upload_complete',
  'upload_cancel',
  'push_config',
  'push_subscribe',
  'push_unsubscribe',
  'push_subscriptions',
  'push_presence_token',
  'push_presence',
] as const satisfies readonly CacheCommand[];

/** Commands that answer EOSE at once and then push events until CLOSE. */
export const STREAMING_COMMANDS: ReadonlySet<string> = new Set([
  'net_stats',
  'directmsg_count',
  'notification_counts',
]);

export function isCacheCommand(name: string): name is CacheCommand {
  return (CACHE_COMMANDS as readonly string[]).includes(name);
}

/** Largest `limit` a request may ask for; more is `limit too big`. */
export const MAX_LIMIT = 1000;
