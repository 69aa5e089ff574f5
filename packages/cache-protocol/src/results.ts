import type { OrderBy } from './result-kind.ts';
import type { SignedEvent } from './event.ts';

/** 10000100: counters of one note. */
export interface NoteStats {
  event_id: string;
  likes: number;
  replies: number;
  mentions: number;
  reposts: number;
  zaps: number;
  satszapped: number;
  score: number;
  score24h: number;
  bookmarks: number;
}

/** 10000101: network-wide counters. */
export interface NetStats {
  users: number;
  pubkeys: number;
  pubnotes: number;
  reactions: number;
  reposts: number;
  any: number;
  zaps: number;
  satszapped: number;
}

/** 10000102: legend counts (content), with the pubkey at top level. */
export interface LegendCounts {
  your_follows: number;
  your_inner_network: number;
  your_outer_network: number;
}

/** 10000105: counters of one user. */
export interface UserStats {
  pubkey: string;
  follows_count: number;
  followers_count: number;
  note_count: number;
  long_form_note_count: number;
  reply_count: number;
  time_joined: number | null;
  relay_count: number;
  total_zap_count: number;
  total_satszapped: number;
  media_count: number;
}

/** Notification type numbers (1-8, 101-104, 201-204). */
export const NotificationType = {
  NewFollower: 1,
  Unfollowed: 2,
  Zapped: 3,
  Liked: 4,
  Reposted: 5,
  Replied: 6,
  Mentioned: 7,
  Quoted: 8,
  MentionedPostZapped: 101,
  MentionedPostLiked: 102,
  MentionedPostReposted: 103,
  MentionedPostReplied: 104,
  QuotingPostZapped: 201,
  QuotingPostLiked: 202,
  QuotingPostReposted: 203,
  QuotingPostReplied: 204,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** 10000110: one notification; role fields depend on `type`. */
export interface Notification {
  id: string;
  pubkey: string;
  created_at: number;
  type: number;
  follower?: string;
  your_post?: string;
  who_zapped_it?: string;
  satszapped?: number;
  message?: string;
  who_liked_it?: string;
  who_reposted_it?: string;
  who_replied_to_it?: string;
  reply?: string;
  you_were_mentioned_in?: string;
  your_post_were_mentioned_in?: string;
  post_you_were_mentioned_in?: string;
  post_your_post_was_mentioned_in?: string;
  /** 301 (ours): the author of a NIP-22 comment on your post, and the comment. */
  who_commented_on_it?: string;
  comment?: string;
  /** 302 (ours): the author of a NIP-84 highlight of your post, and the highlight. */
  who_highlighted_it?: string;
  highlight?: string;
  [role: string]: unknown;
}

/** 10000113: paging of one answer. */
export interface FeedRange {
  since?: number;
  until?: number;
  order_by: OrderBy | string;
  elements: string[];
}

/** 10000115: what `user_pubkey` did to a note. */
export interface NoteActions {
  event_id: string;
  liked: boolean;
  replied: boolean;
  reposted: boolean;
  zapped: boolean;
  /** Polls (1068, 6969): the option the user's counted vote chose (Primal's field), or null. */
  voted_for_option?: string | null;
  /** Polls, ours: every option of the user's counted vote (several in a multiple-choice poll). */
  voted_for_options?: string[];
}

/** One option's count in 10000179: votes (zaps of a zap poll) and the sats they zapped. */
export interface PollOptionStats {
  votes: number;
  satszapped: number;
}

/** 10000179 content: option counts by option id, keyed by the poll's event id (Primal's shape). */
export type PollStats = Record<string, Record<string, PollOptionStats>>;

/** One resized variant of a media resource. */
export interface MediaVariant {
  /** o original, s small, m medium, l large */
  s: 'o' | 's' | 'm' | 'l' | string;
  /** 1 animated, 0 still */
  a: 0 | 1 | number;
  w: number;
  h: number;
  mt: string;
  dur?: number;
  media_url: string;
}

export interface MediaResource {
  url: string;
  mt?: string;
  variants: MediaVariant[];
}

/** 10000119: media of one note or profile. */
export interface MediaInfo {
  event_id: string;
  resources: MediaResource[];
  thumbnails?: Record<string, string>;
}

export interface LinkPreviewResource {
  url: string;
  mimetype?: string;
  md_title?: string;
  md_description?: string;
  md_image?: string;
  icon_url?: string;
}

/** 10000128: link metadata of one note. */
export interface LinkPreview {
  event_id: string;
  resources: LinkPreviewResource[];
}

/** 10000129: one of the top zaps of a note. */
export interface TopZap {
  event_id: string;
  created_at: number;
  sender: string;
  receiver: string;
  amount_sats: number;
  zap_receipt_id: string;
  message?: string;
}

/** 10000131 */
export interface FilteringReason {
  action: 'block' | 'allow' | string;
  pubkey?: string;
  group?: string;
}

export interface FollowerIncrease {
  increase: number;
  ratio: number;
  count: number;
}

export interface SuggestedGroup {
  group: string;
  members: Array<{ pubkey: string; name: string }>;
}

/** 10000152 / 10000153: one entry of a feed list. */
export interface FeedDefinition {
  name: string;
  spec: string;
  description: string;
  enabled: boolean;
  feedkind?: string;
}

/** 10000143 */
export interface QuoteCount {
  event_id: string;
  count: number;
}

/** 10000144 */
export interface WordCount {
  event_id: string;
  words: number;
}

/** 10000127 */
export interface ImportStatus {
  imported: number;
  errors: number;
}

/** 10000163 */
export interface MediaStats {
  video: number;
  image: number;
  other: number;
}

/** 10000168 */
export interface LegendCustomization {
  style: string;
  custom_badge: boolean;
  avatar_glow: boolean;
  [field: string]: unknown;
}

/** 10000169 */
export interface MembershipCohort {
  cohort_1: string;
  cohort_2: string;
  tier: string;
  expires_on: number | null;
  [field: string]: unknown;
}

/** 10000118: one DM peer. */
export interface DmContactInfo {
  cnt: number;
  latest_at: number;
  latest_event_id: string;
}

/**
 * 10000155: on the wire the content is the bare stored value (for the feed lists, the array of
 * feeds); decoded it is `settings`. `subkey` is only known from answers of older servers, which
 * wrapped the value as `{subkey, settings}`.
 */
export interface AppSubsettings {
  subkey?: string;
  settings: unknown;
}

/**
 * 10000138: this server's app releases. `web` is the server's own version; a mobile platform is
 * present only when the operator configured a release for it (never an empty placeholder).
 */
export interface AppReleases {
  web: { version: string };
  ios?: MobileRelease;
  android?: MobileRelease;
}

/** One configured mobile release: `date` is an ISO date (`2026-03-01`), `url` an https link or ''. */
export interface MobileRelease {
  version: string;
  url: string;
  date: string;
}

/** 10000145: recommended reads, `[naddr, title]` pairs; the articles are fetched separately. */
export interface RecommendedReads {
  reads: Array<[string, string]>;
}

/** 10000150: one feed of `get_advanced_feeds` (the reference client's /feeds pages). */
export interface AdvancedFeed {
  id: string;
  name: string;
  description: string;
  /** The feed spec (mega_feed_directive / advanced_feed `specification`), as a JSON string. */
  specification: string;
  category: 'notes' | 'reads';
}

/** 10000159: what a DVM-style feed (kind 31990) gives: notes or reads; served by this server. */
export interface DvmFeedMetadata {
  event_id: string;
  kind: 'notes' | 'reads';
  is_primal: boolean;
}

/** 10000156: followed users who reacted to a DVM-style feed. */
export interface DvmFollowsActions {
  event_id: string;
  users: string[];
}

/** 10000139: relay list of a user (tags at top level). */
export interface UserRelays {
  pubkey: string;
  tags: string[][];
}

/** Content types by result kind, for typed encoding. */
export interface ResultContent {
  10000100: NoteStats;
  10000101: NetStats;
  10000102: LegendCounts;
  10000103: unknown;
  10000105: UserStats;
  10000107: SignedEvent;
  10000108: Record<string, number>;
  10000110: Notification;
  10000111: number;
  10000113: FeedRange;
  10000115: NoteActions;
  10000179: PollStats;
  10000118: Record<string, DmContactInfo>;
  10000119: MediaInfo;
  10000121: string;
  10000124: string[];
  10000125: boolean;
  10000127: ImportStatus;
  10000128: LinkPreview;
  10000129: TopZap;
  10000131: FilteringReason;
  10000133: Record<string, number>;
  10000134: SuggestedGroup[];
  10000141: Record<string, string>;
  10000143: QuoteCount;
  10000144: WordCount;
  10000152: FeedDefinition[];
  10000153: FeedDefinition[];
  10000138: AppReleases;
  10000145: RecommendedReads;
  10000146: string[];
  10000148: string[];
  10000150: AdvancedFeed[];
  10000155: unknown;
  10000156: DvmFollowsActions;
  10000159: DvmFeedMetadata;
  10000157: Record<string, FollowerIncrease>;
  10000158: Record<string, string>;
  10000160: Record<string, number>;
  10000163: MediaStats;
  10000168: Record<string, LegendCustomization>;
  10000169: Record<string, MembershipCohort>;
  10000305: { rate: number };
}
