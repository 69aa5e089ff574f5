import type { CacheEvent, SignedEvent } from './event.ts';
import type {
  AdvancedFeed,
  AppReleases,
  AppSubsettings,
  DmContactInfo,
  DvmFeedMetadata,
  FeedDefinition,
  FeedRange,
  FilteringReason,
  FollowerIncrease,
  ImportStatus,
  LegendCounts,
  LegendCustomization,
  LinkPreview,
  LinkPreviewResource,
  MediaInfo,
  MediaResource,
  MediaStats,
  MembershipCohort,
  NetStats,
  NoteActions,
  NoteStats,
  Notification,
  PollOptionStats,
  SuggestedGroup,
  TopZap,
  UserStats,
} from './results.ts';

/** A decoded answer of the cache: everything a screen needs, keyed for a normalised store. */
export interface FeedPage {
  /** Posts (kinds 1, 6, 30023, ...), in `elements` order when a range is present. */
  notes: SignedEvent[];
  /** The long-form subset of `notes` (kind 30023), same order. */
  reads: SignedEvent[];
  /** Zap receipts (9735) in arrival order. */
  zaps: SignedEvent[];
  /** Every other signed event (reactions, lists, DMs, settings...) in arrival order. */
  others: SignedEvent[];
  /** Repost id -> the reposted event (from its content or from the mentioned events). */
  reposts: Record<string, SignedEvent>;
  /** Newest kind 0 per pubkey. */
  users: Record<string, SignedEvent>;
  stats: Record<string, NoteStats>;
  actions: Record<string, NoteActions>;
  /** Poll tallies (10000179): poll id -> option id -> votes and sats. */
  pollStats: Record<string, Record<string, PollOptionStats>>;
  /** Referenced (mentioned) events by id (10000107). */
  mentions: Record<string, SignedEvent>;
  /** Media info by event id, and every media resource by url. */
  media: Record<string, MediaInfo>;
  mediaByUrl: Record<string, MediaResource>;
  /** Link metadata by event id, and every resource by url. */
  previews: Record<string, LinkPreview>;
  previewByUrl: Record<string, LinkPreviewResource>;
  /** Top zaps per note, largest first, unique by receipt. */
  topZaps: Record<string, TopZap[]>;
  wordCounts: Record<string, number>;
  quoteCounts: Record<string, number>;
  relayHints: Record<string, string>;
  verifiedNames: Record<string, string>;
  legends: Record<string, LegendCustomization>;
  cohorts: Record<string, MembershipCohort>;
  userStats: Record<string, UserStats>;
  userScores: Record<string, number>;
  followerCounts: Record<string, number>;
  followerIncrease: Record<string, FollowerIncrease>;
  topicStats: Record<string, number>;
  userRelays: Record<string, string[][]>;
  dmContacts: Record<string, DmContactInfo>;
  notifications: Notification[];
  filteringReasons: FilteringReason[];
  /** The last range of the answer, and all of them (thread_view sends two). */
  range?: FeedRange;
  ranges: FeedRange[];
  netStats?: NetStats;
  legendCounts?: LegendCounts & { pubkey?: string };
  mediaStats?: MediaStats;
  isFollowing?: boolean;
  notificationsSeen?: number;
  /** Counts per notification type (keys "1".."204"). */
  notificationCounts?: Record<string, number>;
  dmCount?: number;
  defaultRelays?: string[];
  suggestedUsers?: SuggestedGroup[];
  homeFeeds?: FeedDefinition[];
  readsFeeds?: FeedDefinition[];
  /** 10000103 defaults (content) with the client name of its d tag. */
  defaultSettings?: { client?: string; settings: unknown };
  appSubsettings?: AppSubsettings;
  appReleases?: AppReleases;
  /** 10000145: `[naddr, title]` of recommended articles. */
  recommendedReads?: Array<[string, string]>;
  /** 10000146: topics of the reads sidebar. */
  readsTopics?: string[];
  /** 10000148: pubkeys of featured authors. */
  featuredAuthors?: string[];
  /** 10000150: the feeds of `get_advanced_feeds`. */
  advancedFeeds?: AdvancedFeed[];
  /** 10000159 by the announcement (31990) event id. */
  dvmMetadata: Record<string, DvmFeedMetadata>;
  /** 10000156: followed users who liked a DVM-style feed, by its event id. */
  dvmFollows: Record<string, string[]>;
  importStatus?: ImportStatus;
  uploadUrl?: string;
  exchangeRate?: number;
  /** Result events of kinds this decoder does not know, untouched. */
  unknown: CacheEvent[];
  notices: string[];
}

export function emptyPage(): FeedPage {
  return {
    notes: [],
    reads: [],
    zaps: [],
    others: [],
    reposts: {},
    users: {},
    stats: {},
    actions: {},
    pollStats: {},
    mentions: {},
    media: {},
    mediaByUrl: {},
    previews: {},
    previewByUrl: {},
    topZaps: {},
    wordCounts: {},
    quoteCounts: {},
    relayHints: {},
    verifiedNames: {},
    legends: {},
    cohorts: {},
    userStats: {},
    userScores: {},
    followerCounts: {},
    followerIncrease: {},
    topicStats: {},
    userRelays: {},
    dmContacts: {},
    dvmMetadata: {},
    dvmFollows: {},
    notifications: [],
    filteringReasons: [],
    ranges: [],
    unknown: [],
    notices: [],
  };
}
