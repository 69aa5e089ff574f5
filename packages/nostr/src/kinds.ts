/** Event kinds used by Swell (client-spec section 3 plus the ones named in the issue). */
export const Kind = {
  Metadata: 0,
  Text: 1,
  RecommendRelay: 2,
  Contacts: 3,
  EncryptedDM: 4,
  Deletion: 5,
  Repost: 6,
  Reaction: 7,
  BadgeAward: 8,
  Seal: 13,
  PrivateDM: 14,
  GenericRepost: 16,
  Picture: 20,
  Video: 21,
  ShortVideo: 22,
  ChannelCreate: 40,
  ChannelMetadata: 41,
  ChannelMessage: 42,
  ChannelHideMessage: 43,
  ChannelMuteUser: 44,
  PollResponse: 1018,
  GiftWrap: 1059,
  FileMetadata: 1063,
  Poll: 1068,
  Comment: 1111,
  Report: 1984,
  Label: 1985,
  ZapPoll: 6969,
  Nutzap: 9321,
  ZapRequest: 9734,
  Zap: 9735,
  Highlight: 9802,
  MuteList: 10000,
  PinList: 10001,
  RelayList: 10002,
  Bookmarks: 10003,
  BlossomServers: 10063,
  CashuToken: 7375,
  CashuHistory: 7376,
  NutzapInfo: 10019,
  WalletInfo: 13194,
  CashuWallet: 17375,
  ClientAuth: 22242,
  WalletRequest: 23194,
  WalletResponse: 23195,
  HttpAuth: 27235,
  FollowSets: 30000,
  BookmarkSets: 30003,
  LongForm: 30023,
  LiveEvent: 30311,
  AppSettings: 30078,
  Draft: 31234,
  AppRecommendation: 31989,
  AppHandler: 31990,
  AddressableVideo: 34235,
  AddressableShortVideo: 34236,
  Tier: 37001,
  WalletOperation: 10000300,
} as const;

export type KindName = keyof typeof Kind;

/** NIP-01 replaceable: 0, 3 and 10000-19999 (only the latest per pubkey+kind is kept). */
export function isReplaceable(kind: number): boolean {
  return kind === 0 || kind === 3 || (kind >= 10000 && kind < 20000);
}

/** NIP-01 ephemeral: 20000-29999 (not stored). */
export function isEphemeral(kind: number): boolean {
  return kind >= 20000 && kind < 30000;
}

/** NIP-01 addressable (parameterized replaceable): 30000-39999, keyed by pubkey+kind+d. */
export function isAddressable(kind: number): boolean {
  return kind >= 30000 && kind < 40000;
}

/** Regular events: everything that is neither replaceable, ephemeral nor addressable. */
export function isRegular(kind: number): boolean {
  return !isReplaceable(kind) && !isEphemeral(kind) && !isAddressable(kind);
}
