/**
 * @swell/client: everything below the UI, without React: the cache connection and typed API,
 * the entity store, the session and signers (NIP-07, local key with PIN, NIP-46), relays
 * (reading, publishing, NIP-42 AUTH), the persistent outbox, the note actions and the composer's
 * logic. apps/web binds it to React with small hooks: every stateful object here is an
 * `Observable` (`subscribe` + `getSnapshot`) for `useSyncExternalStore`.
 *
 * The composition root (the app's only wiring):
 *   const client = createSwellClient({ storage: localStorage, origin: location.origin, activityTarget: window })
 *   client.store                         // EntityStore: note(id), profile(pk), noteStats(id), noteActions(id)...
 *   client.session.getSnapshot()         // { pubkey (the stored one at once), signer: 'none'|'ready'|'disconnected'|..., needsPin, ... }
 *   await client.session.start()         // login sequence (loads the key code lazily)
 *   await client.fetchPage('mega_feed_directive', { spec, limit: 20 })  // decoded, merged into the store
 *   await client.connectRelays()         // NIP-65 list merged with Settings > Network (loads the pool lazily)
 *   const write = await client.write()   // lazy: publisher, IndexedDB outbox, actions, drafts, emoji
 *   const { event, result } = await write.post(text)  // also reply, quote, like, repost, deleteNote
 *   publishNotice(await result)          // 'publish-success' | 'publish-timeout' | 'publish-failed'
 *   write.outbox.getSnapshot().items[id] // { status: 'sending' | 'failed' | 'sent', nextAttemptAt, ... }
 * Lazy entry points (separate chunks in the app): session sign-in code (session/login-flows.ts),
 * NIP-46 (signers/nip46-signer.ts, signers/nostr-connect.ts), the relay pool
 * (relay/relay-pool.ts), the write path (write/write-path.ts, outbox with idb).
 *
 * Cache
 *   const cache = new CacheConnection({ url: 'ws://127.0.0.1:8080/v1', noBinary? });
 *   cache.connect(); cache.getSnapshot().status  // 'idle'|'connecting'|'open'|'ready'|'closed'|'sleeping'
 *   await cache.request('user_profile', { pubkey })  // -> { events } ; NOTICE rejects with CacheError
 *   const stop = cache.stream('net_stats', {}, { onEvent, onEose?, onNotice? })  // stop() sends CLOSE; re-sent after reconnects
 *   cache.reset(); cache.setServer(url, noBinary); cache.sleep(); cache.wake(); cache.destroy()
 *   const api = new CacheApi(cache); await api.megaFeed({ id: 'latest', kind: 'notes' }, { user_pubkey, limit: 20 })  // -> FeedPage
 *   (guests: 'latest' needs user_pubkey -> NOTICE 'invalid user_pubkey'; use e.g. all-notes or trending)
 *   Requests made before ready wait (retried every 100 ms) and are re-sent after a reconnect.
 * Errors: ClientError / CacheError with a `code` from `clientErrorCodes` (spec section 8).
 */
export {
  clientErrorCodes,
  ClientError,
  CacheError,
  isClientError,
  isListError,
  listErrorCodes,
} from './errors.ts';
export type { ClientErrorCode, ListErrorCode } from './errors.ts';
export { ValueStore } from './store.ts';
export type { Observable } from './store.ts';
export { systemClock, delay } from './clock.ts';
export type { Clock } from './clock.ts';
export { makeSessionId, clientVersion } from './session-id.ts';
export { CacheConnection } from './cache/cache-connection.ts';
export type {
  CacheConnectionOptions,
  CacheConnectionSnapshot,
  CacheConnectionStatus,
  CacheResponse,
  RequestOptions,
  StreamHandlers,
} from './cache/cache-connection.ts';
export type { CacheEvent } from '@swell/cache-protocol';
export { CacheApi } from './cache/cache-api.ts';
export type { Paging } from './cache/cache-api.ts';

// ---- entity store ----------------------------------------------------------------------------
// const store = new EntityStore(); store.ingestPage(page, { requestedAt }); store.ingestEvent(e)
// useSyncExternalStore(store.subscribe, () => store.note(id))  // also user, profile, noteStats,
//   noteActions, repostOf, media, preview, noteTopZaps, verifiedName, userStatsOf, relayHint...
// const c = store.change(eventId, { type: 'like', noteId }); c.confirm(settledAt) | c.rollback()
// const lease = store.retain(noteIds, pubkeys); lease.update(ids); lease.release()  // bounded memory
export { EntityStore } from './store/entity-store.ts';
export type {
  EntityStoreOptions,
  IngestOptions,
  StoreLease,
  OptimisticChange,
  PollView,
} from './store/entity-store.ts';
export type { NoteChange, PendingChange } from './store/note-overlay.ts';

// ---- storage ---------------------------------------------------------------------------------
export { MemoryStorage, readJson, writeJson } from './storage/storage.ts';
export type { StorageLike } from './storage/storage.ts';
export {
  appStorageKeys,
  readAppSettings,
  writeAppSettings,
  cacheServerUrl,
  defaultCacheUrl,
  isWebSocketUrl,
} from './storage/app-settings.ts';
export type { AppLocalSettings } from './storage/app-settings.ts';
export { UserRecordStore, defaultUserRecord, guestKey } from './storage/user-record.ts';
export type { UserRecord, RelaySettings, ThemeName } from './storage/user-record.ts';

// ---- session, keys, signers, login ------------------------------------------------------------
// const session = new Session({ storage: localStorage })   // (createSwellClient makes it)
// session.getSnapshot().pubkey  // the stored public key at once; start() resolves the signer
// await session.start(); await session.signInWithNsec(nsec, pin?, pinAgain?); await session.unlock(pin)
// await session.signInWithExtension(); await session.signInWithBunker('bunker://...')
// const pairing = await session.startNostrConnect({ relays, name }); show pairing.uri as a QR code
// await session.signOut(); await session.forgetPin(); session.requireSigner()  // 'not-signed-in'
export { Session } from './session/session.ts';
export type { SessionOptions, SessionSnapshot } from './session/session.ts';
export type { AccountSource, AccountSummary } from './session/accounts.ts';
export type { LoginFlowsOptions } from './session/login-flows.ts';
export { Nip46Signer, defaultNip46Perms } from './signers/nip46-signer.ts';
export type { Nip46Session, Nip46Options } from './signers/nip46-signer.ts';
export { startNostrConnect } from './signers/nostr-connect.ts';
export type { NostrConnectOptions, NostrConnectPairing } from './signers/nostr-connect.ts';
// Lower level:
// const keys = new KeyStore(localStorage);
// const state = await resolveLogin({ keyStore: keys, onStoredPubkey })  // {pubkey, signer, needsPin, source}
// if (state.needsPin) state = await unlockWithPin(keys, pin)            // 'pin-wrong' on a wrong PIN
// state = await loginWithNsec(keys, pastedNsec, pin?)                   // 'invalid-nsec'; validatePin(pin, again) first
// logout(keys, state.signer); keys.forgetPin()
export { KeyStore, keyStorageKeys, validatePin, parseNsec } from './keys/key-store.ts';
export { remoteSignerStorageKey } from './keys/key-names.ts';
export type { KeyStoreOptions } from './keys/key-store.ts';
export { encryptWithPin, decryptWithPin, isPinEncrypted } from './keys/pin-crypto.ts';
export type { Signer, SignerCipher, SignerState, SignerType, Nip07 } from './signers/signer.ts';
export { ExtensionSigner } from './signers/extension-signer.ts';
export { LocalKeySigner } from './signers/local-key-signer.ts';
export { detectExtension } from './signers/detect-extension.ts';
export type { DetectExtensionOptions } from './signers/detect-extension.ts';
export { resolveLogin, unlockWithPin, loginWithNsec, logout } from './signers/resolve-login.ts';
export type {
  LoginState,
  LoginSource,
  SessionLoginState,
  ResolveLoginOptions,
} from './signers/resolve-login.ts';

// ---- relays ----------------------------------------------------------------------------------
// const pool = new RelayPool({ sessionId }); pool.setRelays({ 'wss://r': { read: true, write: true } })
// const sub = pool.subscribeFilters([{ kinds: [1], authors }], { onEvent, onEose }); sub.close()
// await pool.query(filters); pool.getSnapshot()  // url -> { status, attempts, lastError, read, write }
export { RelayPool, normalizeRelayUrl } from './relay/relay-pool.ts';
export type {
  RelayPoolOptions,
  RelayPoolSnapshot,
  PoolRelayState,
  SubscribeOptions,
  PoolSubscription,
} from './relay/relay-pool.ts';
export { RelayConnection, attemptLimitMessage } from './relay/relay-connection.ts';
export type {
  RelayStatus,
  RelaySnapshot,
  RelayConnectionOptions,
} from './relay/relay-connection.ts';
export type {
  PublishJob,
  PublishOutcome,
  PublishReport,
  RelayPublishResult,
} from './relay/relay-publish.ts';
export type { AuthSign, RelayAuthState, RelayAuthStatus } from './relay/relay-auth.ts';
export { relayHints, publishTargets } from './relay/relay-hints.ts';
export {
  relaySettingsFromTags,
  relayTagsFromSettings,
  relaySettingsFromUrls,
  mergeRelaySettings,
} from './relay/relay-list.ts';

export { loadUserRelays } from './relay/user-relays.ts';
export { applyRelayListEdit, sameRelaySettings } from './relay/relay-list-edit.ts';
export type { RelayListEdit, RelayListEditResult } from './relay/relay-list-edit.ts';
export type { UserRelays } from './relay/user-relays.ts';

// ---- writing -----------------------------------------------------------------------------------
// const publisher = new Publisher({ pool, api, proxy? }); const a = publisher.publish(event)
// await a.outcome  // sent on the FIRST OK true; timeout ("no relay confirmed after 8 s"); failed
// const outbox = new Outbox({ db: await openOutboxDatabase(), lock, publish }); await outbox.start()
// const { result } = await outbox.add(event, relays)  // stored before any socket sees it
export { Publisher, publishNotice, publishNotices } from './publish/publisher.ts';
export type { PublishAttempt, PublisherOptions, PublishNotice } from './publish/publisher.ts';
export { Outbox } from './outbox/outbox.ts';
export type {
  OutboxItem,
  OutboxItemStatus,
  OutboxOptions,
  OutboxResult,
  OutboxSnapshot,
} from './outbox/outbox.ts';
export { openOutboxDatabase, defaultOutboxDbName } from './outbox/outbox-db.ts';
export type { OutboxRecord, OutboxDatabase } from './outbox/outbox-db.ts';
export type { SenderLock } from './outbox/sender-lock.ts';
export { WebLocksSenderLock } from './outbox/web-locks-sender-lock.ts';
export { LeaseSenderLock } from './outbox/lease-sender-lock.ts';
export { createWritePath } from './write/write-path.ts';
export type { WritePath, WritePathOptions, OnlineTarget } from './write/write-path.ts';
export { OutboxOverlay, changesOf } from './write/outbox-overlay.ts';
export type { ActionContext, WriteResult } from './actions/action-context.ts';

// ---- composer (logic only) -----------------------------------------------------------------------
// buildNote({ content, replyTo?, quote?, author }) -> { content, tags }  // NIP-10/18, p/q/a/t tags
// write.drafts.get(noteId?) / save(noteId?, text) / clear(noteId?)    // 'root' for a new note
// write.emojis.use('🔥') -> most recent first, at most 40
export { buildNote, neventUri } from './composer/note-tags.ts';
export type { NoteDraftInput, TagHints } from './composer/note-tags.ts';
export { NoteDrafts, rootDraftKey } from './composer/note-drafts.ts';
export type { NoteDraft } from './composer/note-drafts.ts';
// Types only: the drafts' code loads with the write path, on first use (WritePath.syncedDrafts).
export type { SyncedDrafts, SavedDraft, DraftsSnapshot } from './composer/synced-drafts.ts';
export { EmojiHistory, withEmoji, emojiHistoryLimit } from './composer/emoji-history.ts';
export { mediaPostKind, mediaPostTemplate } from './composer/media-post.ts';
export type { MediaPostInput, MediaPostKind, UploadedFile } from './composer/media-post.ts';
export { OWN_POST_KINDS } from './composer/own-posts.ts';

// ---- notes beyond the cache (outbox model) ------------------------------------------------------
// const lookup = await client.lookup()
// await lookup.find(refFromNip19('nevent1...'))  // store, cache, hints, author's write relays
// lookup.status(ref)  // { status: 'loading' } | { status: 'found', id, source } | { status: 'missing' }
// Apps that keep their own entity store construct it themselves (tree-shaken when unused).
export { OutboxLookup } from './lookup/outbox-lookup.ts';
export type { LookupStatus, OutboxLookupOptions } from './lookup/outbox-lookup.ts';
export {
  lookupKey,
  refFromNip19,
  tagHints,
  withRelays,
  cleanRelays,
  isValidRef,
} from './lookup/lookup-ref.ts';
export type { LookupRef } from './lookup/lookup-ref.ts';

// ---- reading screens: reads, explore, search, downloads, home sidebar --------------------------
// (their lists and answers are read models: see "read models" below)
export { watchFeedLive } from './feed/watch-feed.ts';
export { relayBesideCache } from './cache/cache-connection.ts';
export type { LiveFeedHost } from './feed/watch-feed.ts';
export { watchPollLive } from './polls/poll-live.ts';
export { vote } from './actions/vote.ts';
export { comment, highlight } from './actions/discuss.ts';
export type { PollLiveHost } from './polls/poll-live.ts';
export type { LiveFeedWatchOptions } from './feed/live-feed.ts';
export { sortValue, publishedAt } from './feed/sort-value.ts';
export { loadReadsSidebar } from './reads/reads-sidebar.ts';
export type { ReadsSidebar, ReadsSidebarOptions, RecommendedRead } from './reads/reads-sidebar.ts';
export { readingMinutes, wordsPerMinute } from './reads/reading-time.ts';
export {
  exploreTabs,
  defaultExploreTab,
  isExploreTab,
  exploreScopes,
  exploreTimeframes,
  defaultExploreLens,
  explorePageSizes,
  isExploreScope,
  isExploreTimeframe,
  scopeNeedsKey,
  readExploreLens,
} from './explore/explore-lens.ts';
export type { ExploreTab, ExploreLens } from './explore/explore-lens.ts';
export { loadExploreTopics } from './explore/explore-topics.ts';
export { zapListItems } from './explore/zap-list-items.ts';
export type { ZapListItem } from './explore/zap-list-items.ts';
export { featuredFeedsOf, loadFeaturedFeeds, loadFeaturedFeed } from './explore/featured-feeds.ts';
export type { FeaturedFeed } from './explore/featured-feeds.ts';
export {
  buildSearchQuery,
  parseAdvancedSearch,
  emptyAdvancedSearch,
  isReadsQuery,
  hasSearchTerms,
  searchTarget,
  searchScopes,
} from './search/search-query.ts';
export type { AdvancedSearch, SearchScope, SearchTarget } from './search/search-query.ts';
export { searchUsers, searchPageSizes, searchErrorMessage } from './search/search-results.ts';
export type { SearchContext } from './search/search-results.ts';
export { nameMatch, rankUsersByName, suggestUsers } from './search/user-suggestions.ts';
export type { NamedUser } from './search/user-suggestions.ts';
export {
  downloadBadgeCount,
  readSeenReleases,
  markReleasesSeen,
  seenReleasesKey,
} from './downloads/download-badge.ts';
export type { SeenReleases, MobilePlatform } from './downloads/download-badge.ts';
export {
  homeSidebarSelectors,
  defaultHomeSidebarSelector,
  isHomeSidebarSelector,
  readHomeSidebarSelection,
  writeHomeSidebarSelection,
  homeSidebarSelectorsBeside,
  homeSidebarSelectionBeside,
} from './home/home-sidebar.ts';
export type { HomeSidebarSelector } from './home/home-sidebar.ts';
export { loadUserFeedList } from './settings/user-feed-lists.ts';
export type { FeedListKey } from './settings/user-feed-lists.ts';

// ---- activity --------------------------------------------------------------------------------
// const activity = new ActivityTracker(); activity.add(cache); activity.add(pool); activity.start()
// activity.getSnapshot().state  // 'woke' | 'sleep' | 'waking'
export { ActivityTracker, activityEvents } from './activity/activity-tracker.ts';
export type {
  ActivityState,
  ActivitySnapshot,
  ActivityTarget,
  ActivityTrackerOptions,
  Sleeper,
} from './activity/activity-tracker.ts';

// ---- lists, moderation, settings, account (spec section 4) -------------------------------------
// client.lists.getSnapshot()  // { following, followInProgress, mutes, filterLists, allowlist, bookmarks, busy }
// const o = await client.lists.follow(pk)  // 'published' | 'unchanged' | 'confirm' (fewer than 2 follows: o.data, o.confirm())
// await client.lists.mute('user' | 'word' | 'hashtag' | 'thread', value, { private })  // NIP-51, NIP-44 private part
// await client.lists.changeFilterList({ type: 'add', pubkey }); client.lists.allow(pk); client.lists.bookmark(note)
// await client.lists.report({ pubkey, reason: 'spam', noteId })  // NIP-56 + report_user
// client.settings.update({ zapDefault }); client.settings.setFeeds('home', moveFeed(list, 0, 2))
// client.settings.getSnapshot().notice  // { message: 'Failed to save settings' | ..., seq }
// await client.editProfile(fields); await client.createAccount({ key: newAccountKey(), profile, follows })
export { AccountLists } from './lists/account-lists.ts';
export type { AccountListsSnapshot, ListName } from './lists/account-lists.ts';
export type { ListOutcome } from './lists/list-update.ts';
export { followsOf, followsThreshold } from './lists/follow.ts';
export type { FollowConfirmation } from './lists/follow.ts';
export { normalizeMuteValue, muteRulesOf } from './lists/mute.ts';
export type { MuteEntry, MuteKind } from './lists/mute.ts';
export { filterListsOf, allowlistOf } from './lists/filter-lists.ts';
export type { FilterListEntry, FilterScopes, FilterListChange } from './lists/filter-lists.ts';
export { bookmarksOf } from './lists/bookmarks.ts';
export type { Bookmarks, BookmarkConfirmation, BookmarkTarget } from './lists/bookmarks.ts';
export { reportReasons } from './lists/report.ts';
export type { ReportReason, ReportInput, ReportOutcome } from './lists/report.ts';
export { ListLoaders } from './lists/list-loaders.ts';
export { MuteMatcher, noMuteRules } from './moderation/mute-rules.ts';
export type { MuteRules, MuteReason } from './moderation/mute-rules.ts';
export { SettingsSync, settingsNotices, feedSubkeys } from './settings/app-settings-sync.ts';
export type {
  SettingsSnapshot,
  SettingsNotice,
  FeedListName,
} from './settings/app-settings-sync.ts';
export {
  defaultAppSettings,
  parseAppSettings,
  defaultZap,
  defaultZapPresets,
  notificationSettingNames,
  notificationTypeOfSetting,
} from './settings/app-settings.ts';
export type { AppSettings, ZapPreset, ContentModerationEntry } from './settings/app-settings.ts';
export {
  addFeed,
  removeFeed,
  moveFeed,
  renameFeed,
  setFeedEnabled,
  hasFeed,
  parseFeedList,
} from './settings/feed-list.ts';
export { settingsClientName, signUserRequest } from './settings/user-request.ts';
export {
  validateProfile,
  validateUsername,
  profileFieldsOf,
  profileContent,
  emptyProfileFields,
  profileFieldNames,
  usernamePattern,
} from './account/profile-edit.ts';
export type { ProfileFields, ProfileErrors } from './account/profile-edit.ts';
export {
  recommendedUsers,
  recommendedUsersShown,
  newAccountEvents,
} from './account/create-account.ts';
export { newAccountKey } from './account/new-account-key.ts';
export type { NewAccountKey } from './account/new-account-key.ts';
export type { RecommendedUser } from './account/create-account.ts';

// ---- read models (one way to read) --------------------------------------------------------------
// const held = client.models.acquire(feedModel, source); held.model.getSnapshot(); held.release()
// client.models.get(def, params)  // the same instance, not held (a render-time read)
// Models are keyed (kind + params), shared, reference-counted; a released one is kept a while for
// back navigation; all are disposed when the session's public key changes (client.watchModels).
export { defineModel, stableKey } from './models/model.ts';
export type {
  Model,
  ModelDef,
  ModelContext,
  ModelHost,
  Held,
  StateOf,
  LiveFeedWatch,
} from './models/model.ts';
export { ModelRegistry } from './models/model-registry.ts';
export type { ModelRegistryOptions } from './models/model-registry.ts';
export { QueryModel, defineQuery, pageShows } from './models/query-model.ts';
export type { QueryState, QueryOptions, QueryLoad } from './models/query-model.ts';
export { FeedModel, feedModel, megaFeedSource } from './models/feed-model.ts';
export { HomeFeedModel, homeFeedModel, pollDelay, futureCap } from './models/home-feed-model.ts';
export type { FeedSource, FeedState, ScrollMemory } from './models/feed-model.ts';
export { profileTabs, profileSource } from './models/profile-sources.ts';
export { profileModel, profileSidebarModel } from './models/profile-models.ts';
export { threadModel } from './models/thread-model.ts';
export type { ThreadParams } from './models/thread-model.ts';
export { splitThread } from './thread/split-thread.ts';
export type { ThreadView } from './thread/split-thread.ts';
export type { ProfileHeader, ProfileSidebar } from './models/profile-models.ts';
export { scoredNotesModel } from './models/sidebar-models.ts';
export type { ScoredNotes } from './models/sidebar-models.ts';
export { reactionsModel, reactionRows, reactionTabs } from './models/reactions-model.ts';
export type { ReactionRow, ReactionTab, ReactionsParams } from './models/reactions-model.ts';
export type { ProfileTab } from './models/profile-sources.ts';
export {
  userSearchModel,
  contentSearchSource,
  advancedSearchSource,
} from './models/search-models.ts';
export {
  exploreListModel,
  exploreSource,
  PeopleListModel,
  ZapListModel,
  featuredFeedsModel,
  featuredFeedModel,
  exploreTopicsModel,
  netStatsModel,
} from './models/explore-list-model.ts';
export { StreamModel, defineStream } from './models/stream-model.ts';
export { NotificationsModel, notificationsModel } from './models/notifications-model.ts';
export {
  ArticleDiscussionModel,
  articleDiscussionModel,
  commentTree,
} from './models/article-discussion-model.ts';
export type {
  ArticleAddress,
  ArticleDiscussion,
  ArticleDiscussionState,
  ArticleHighlight,
  CommentNode,
} from './models/article-discussion-model.ts';
export type { NotificationsState } from './models/notifications-model.ts';
export type { StreamStart } from './models/stream-model.ts';
export type { ExploreListParams, ExploreListTab } from './models/explore-list-model.ts';
export { shownNotesOf } from './feed/shown-notes.ts';
export { HomeModel, homeModel } from './models/home-model.ts';
export { articleAddressModel } from './models/article-address-model.ts';
export type { ArticleRef } from './models/article-address-model.ts';
export type { HomeState } from './models/home-model.ts';
export {
  ReadsModel,
  readsModel,
  readsSource,
  readsPageSize,
  topicSpec,
} from './models/reads-model.ts';
export { BookmarksModel, bookmarksModel, bookmarksSource } from './models/bookmarks-model.ts';
export type { ReadsState } from './models/reads-model.ts';

// ---- everything wired --------------------------------------------------------------------------
// const client = createSwellClient({ storage: localStorage, origin: location.origin, activityTarget: window })
export { createSwellClient } from './swell-client.ts';
export type {
  SwellClient,
  SwellClientOptions,
  NewAccount,
  NewAccountInput,
} from './swell-client.ts';

// Direct messages (NIP-04 and NIP-17): the Messages screen's model.
export { DirectMessages, DM_CONTACTS_LIMIT } from './dms/direct-messages.ts';
export { parseRecipientInput } from './dms/recipient-input.ts';
export type { RecipientInput } from './dms/recipient-input.ts';
export type { DirectMessagesOptions } from './dms/direct-messages.ts';
export { DmConversation, DM_PAGE_SIZE } from './dms/dm-conversation.ts';
export type { DmConversationSnapshot, ProtocolReason } from './dms/dm-conversation.ts';
export { DecryptQueue, DecryptCancelled } from './dms/decrypt-queue.ts';
export type { DecryptQueueSnapshot } from './dms/decrypt-queue.ts';
export type { Nip17InboxSnapshot } from './dms/nip17-inbox.ts';
export type {
  DmContact,
  DmContactsSnapshot,
  DmMessage,
  DmProtocol,
  DmRelation,
  DmDelivery,
  DmTextState,
} from './dms/dm-types.ts';

// Notifications: grouped, new above older, seen.
export {
  NotificationsFeed,
  NEW_NOTIFICATIONS_LIMIT,
  OLD_NOTIFICATIONS_PAGE,
} from './notifications/notifications-feed.ts';
export type {
  NotificationsFeedOptions,
  NotificationsSnapshot,
} from './notifications/notifications-feed.ts';
export {
  groupNotifications,
  describeType,
  tabOfType,
  actorOf,
  subjectOf,
  sourceOf,
} from './notifications/notification-groups.ts';
export type {
  NotificationGroup,
  NotificationVerb,
  NotificationSubjectKind,
} from './notifications/notification-groups.ts';

// ---- author subscriptions (NIP-88 paid tiers) ----------------------------------------------------
// const tiers = await loadAuthorTiers(api, creator)        // creator_paid_tiers, parsed
// write.publishEvent(subscriptionTemplate(tier, cost))      // kind 7001, then pay tierCostMsat()
// write.publishEvent(unsubscribeTemplate(subscription))     // kind 7002
export {
  tierKinds,
  parseTier,
  tierCostMsat,
  subscriptionTemplate,
  unsubscribeTemplate,
  loadAuthorTiers,
  loadAuthorSubscriptions,
} from './subscriptions/author-tiers.ts';
export type { AuthorTier, TierCost } from './subscriptions/author-tiers.ts';
// const { list, tiers } = client.models.get(creatorTiersModel, pubkey).getSnapshot().data
// write.publishEvent(tierTemplate(draft, d, previous))      // kind 37001, after validateTierDraft
// write.publishEvent(tierListTemplate(current, { add }))    // kind 17000, tiers by `a` tag
export {
  tierCadences,
  maxTierSats,
  maxTierTitle,
  emptyTierDraft,
  parseTierSats,
  validateTierDraft,
  hasTierErrors,
  keptTierCosts,
  tierDraftOf,
  newTierIdentifier,
  tierTemplate,
  tierListTemplate,
  loadCreatorTiers,
} from './subscriptions/tier-editing.ts';
export type {
  TierCadence,
  TierDraft,
  TierDraftErrors,
  TierPriceError,
  CreatorTiers,
} from './subscriptions/tier-editing.ts';
export {
  creatorTiersModel,
  authorTiersModel,
  authorSubscriptionsModel,
} from './models/tiers-model.ts';
