/** Kinds of the synthetic result events the cache sends (cache-protocol.md section 2). */
export const ResultKind = {
  NoteStats: 10000100,
  NetStats: 10000101,
  LegendCounts: 10000102,
  DefaultAppSettings: 10000103,
  UserStats: 10000105,
  ReferencedEvent: 10000107,
  UserScores: 10000108,
  Notification: 10000110,
  NotificationsSeen: 10000111,
  NotificationCounts: 10000112,
  FeedRange: 10000113,
  NoteActions: 10000115,
  DmCount: 10000117,
  DmContacts: 10000118,
  MediaInfo: 10000119,
  UploadDone: 10000121,
  DefaultRelays: 10000124,
  IsFollowing: 10000125,
  ImportStatus: 10000127,
  LinkMetadata: 10000128,
  TopZap: 10000129,
  FilteringReason: 10000131,
  FollowerCounts: 10000133,
  SuggestedUsers: 10000134,
  UploadRequest: 10000135,
  UserRelays: 10000139,
  RelayHints: 10000141,
  QuoteCount: 10000143,
  WordCount: 10000144,
  ReadsFeeds: 10000152,
  HomeFeeds: 10000153,
  AppSubsettings: 10000155,
  FollowerIncrease: 10000157,
  VerifiedNames: 10000158,
  TopicStats: 10000160,
  MediaStats: 10000163,
  LegendCustomization: 10000168,
  MembershipCohort: 10000169,
  PollStats: 10000179,
  WalletOperation: 10000300,
  ExchangeRate: 10000305,
} as const;

export type ResultKind = (typeof ResultKind)[keyof typeof ResultKind];

/** Ordinary Nostr kinds the cache protocol deals with. */
export const EventKind = {
  Metadata: 0,
  Text: 1,
  Contacts: 3,
  EncryptedDm: 4,
  Deletion: 5,
  Repost: 6,
  Reaction: 7,
  GenericRepost: 16,
  Picture: 20,
  Poll: 1068,
  Report: 1984,
  ZapRequest: 9734,
  Zap: 9735,
  Highlight: 9802,
  MuteList: 10000,
  RelayList: 10002,
  Bookmarks: 10003,
  FollowSets: 30000,
  LongForm: 30023,
  AppSettings: 30078,
  LiveActivity: 30311,
  Tier: 37001,
} as const;

/** Kinds shown as posts in a feed page (`FeedPage.notes`). */
export const POST_KINDS: ReadonlySet<number> = new Set([
  1, 6, 16, 20, 21, 22, 1068, 1222, 6969, 9802, 30023, 30311, 34235, 34236,
]);

/** Sort keys a feed range may carry. */
export const ORDER_BY = [
  'created_at',
  'published_at',
  'score',
  'score24h',
  'satszapped',
  'amount_sats',
  'latest_at',
  'increase',
] as const;
export type OrderBy = (typeof ORDER_BY)[number];
