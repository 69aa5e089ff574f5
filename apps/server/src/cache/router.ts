import type { CommandHandler, StreamHandler } from './request.ts';
import { advancedFeed, feed, longFormContentFeed, megaFeedDirective } from './commands/feeds.ts';
import {
  events,
  getHighlights,
  longFormThreadView,
  parametrizedReplaceableEvent,
  parametrizedReplaceableEvents,
  threadView,
} from './commands/threads.ts';
import {
  allowlist,
  contactList,
  getBookmarks,
  getUserRelays,
  isUserFollowing,
  mutelist,
  mutelists,
  parameterizedReplaceableList,
  searchFilterlist,
  userFollowers,
  userInfos,
  userProfile,
  userProfileFollowedBy,
  userProfileScoredContent,
} from './commands/users.ts';
import {
  eventActions,
  eventZapsBySatszapped,
  noteMentions,
  noteMentionsCount,
  userZapsSent,
} from './commands/reactions.ts';
import {
  explore,
  exploreLegendCounts,
  exploreMediaCommand,
  explorePeople,
  exploreTopics,
  exploreZapsCommand,
  scored,
  scoredUsers24h,
} from './commands/explore.ts';
import { search, userSearch } from './commands/search.ts';
import {
  getAppReleases,
  getAppSettings,
  getAppSubsettings,
  getDefaultAppSettings,
  getDefaultRelays,
  getFeaturedAuthors,
  getHomeFeeds,
  getReadsFeeds,
  getReadsTopics,
  getRecommendedReads,
  getSuggestedUsers,
  setAppSettings,
  setAppSubsettings,
} from './commands/settings.ts';
import { broadcastEvents, importEvents, reportUser } from './commands/imports.ts';
import { dvmFeedInfo, getAdvancedFeeds, getFeaturedDvmFeeds } from './commands/dvm-feeds.ts';
import { authorSubscriptions, creatorPaidTiers } from './commands/tiers.ts';
import {
  getNotifications,
  getNotificationsSeen,
  setNotificationsSeen,
} from './commands/notifications.ts';
import {
  getDirectmsgContacts,
  getDirectmsgs,
  resetDirectmsgCount,
  resetDirectmsgCounts,
} from './commands/dms.ts';
import { uploadCancel, uploadChunk, uploadComplete } from './commands/uploads.ts';
import {
  directmsgCountStream,
  netStatsStream,
  notificationCountsStream,
} from './commands/streams.ts';
import { premiumCommands, premiumStreams } from '../wallet/premium-routes.ts';
import {
  pushConfig,
  pushPresence,
  pushPresenceToken,
  pushSubscribe,
  pushSubscriptions,
  pushUnsubscribe,
} from '../push/push-commands.ts';

/** Every request/answer command of the cache API (cache-protocol.md section 8). */
export const commandHandlers: Record<string, CommandHandler | undefined> = {
  feed,
  mega_feed_directive: megaFeedDirective,
  advanced_feed: advancedFeed,
  long_form_content_feed: longFormContentFeed,
  thread_view: threadView,
  events,
  long_form_content_thread_view: longFormThreadView,
  parametrized_replaceable_event: parametrizedReplaceableEvent,
  parametrized_replaceable_events: parametrizedReplaceableEvents,
  get_highlights: getHighlights,
  user_infos: userInfos,
  user_profile: userProfile,
  contact_list: contactList,
  is_user_following: isUserFollowing,
  user_followers: userFollowers,
  user_profile_scored_content: userProfileScoredContent,
  user_profile_followed_by: userProfileFollowedBy,
  user_zaps_sent: userZapsSent,
  event_actions: eventActions,
  note_mentions: noteMentions,
  note_mentions_count: noteMentionsCount,
  event_zaps_by_satszapped: eventZapsBySatszapped,
  explore,
  explore_people: explorePeople,
  explore_zaps: exploreZapsCommand,
  explore_media: exploreMediaCommand,
  explore_topics: exploreTopics,
  explore_legend_counts: exploreLegendCounts,
  scored,
  scored_users_24h: scoredUsers24h,
  search,
  user_search: userSearch,
  search_filterlist: searchFilterlist,
  get_home_feeds: getHomeFeeds,
  get_reads_feeds: getReadsFeeds,
  get_reads_topics: getReadsTopics,
  get_featured_authors: getFeaturedAuthors,
  get_recommended_reads: getRecommendedReads,
  get_default_relays: getDefaultRelays,
  get_suggested_users: getSuggestedUsers,
  get_app_releases: getAppReleases,
  get_default_app_settings: getDefaultAppSettings,
  get_app_settings: getAppSettings,
  set_app_settings: setAppSettings,
  get_app_subsettings: getAppSubsettings,
  set_app_subsettings: setAppSubsettings,
  import_events: importEvents,
  broadcast_events: broadcastEvents,
  mutelist,
  mutelists,
  allowlist,
  get_bookmarks: getBookmarks,
  get_user_relays: getUserRelays,
  parameterized_replaceable_list: parameterizedReplaceableList,
  creator_paid_tiers: creatorPaidTiers,
  author_subscriptions: authorSubscriptions,
  get_featured_dvm_feeds: getFeaturedDvmFeeds,
  dvm_feed_info: dvmFeedInfo,
  get_advanced_feeds: getAdvancedFeeds,
  report_user: reportUser,
  get_notifications: getNotifications,
  get_notifications_seen: getNotificationsSeen,
  set_notifications_seen: setNotificationsSeen,
  get_directmsg_contacts: getDirectmsgContacts,
  get_directmsgs: getDirectmsgs,
  reset_directmsg_count: resetDirectmsgCount,
  reset_directmsg_counts: resetDirectmsgCounts,
  upload_chunk: uploadChunk,
  upload_complete: uploadComplete,
  upload_cancel: uploadCancel,
  // Web Push (push/).
  push_config: pushConfig,
  push_subscribe: pushSubscribe,
  push_unsubscribe: pushUnsubscribe,
  push_subscriptions: pushSubscriptions,
  push_presence_token: pushPresenceToken,
  push_presence: pushPresence,
  // The premium tools the stock reference client asks here (also on /wallet/v1).
  ...premiumCommands,
};

/** Commands that answer EOSE at once and push until CLOSE. */
export const streamHandlers: Record<string, StreamHandler | undefined> = {
  net_stats: netStatsStream,
  notification_counts: notificationCountsStream,
  directmsg_count: directmsgCountStream,
  ...premiumStreams,
};
