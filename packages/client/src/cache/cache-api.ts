import {
  decodePage,
  type CacheCommand,
  type CachePayloads,
  type ExploreScope,
  type ExploreTimeframe,
  type FeedDefinition,
  type FeedNotes,
  type FeedPage,
  type NetStats,
  type NotificationTypeGroup,
  type PageParams,
  type SignedEvent,
} from '@swell/cache-protocol';
import type { CacheConnection, RequestOptions } from './cache-connection.ts';

/** Paging and personalisation accepted by most list commands. */
export type Paging = PageParams & { user_pubkey?: string };

/**
 * Typed cache commands (cache-protocol doc section 8). Every list answer is decoded into a
 * `FeedPage` (notes in display order, users, stats, actions, mentions, media, previews, range).
 * A NOTICE rejects with a `CacheError` (see `CacheConnection.request`).
 */
export class CacheApi {
  readonly connection: CacheConnection;

  constructor(connection: CacheConnection) {
    this.connection = connection;
  }

  /** Any command, decoded. */
  async page<C extends CacheCommand>(
    command: C,
    payload?: CachePayloads[C],
    options?: RequestOptions,
  ): Promise<FeedPage> {
    const { events } = await this.connection.request(command, payload, options);
    return decodePage(events);
  }

  /** `mega_feed_directive`: `spec` is a feed spec (object or its JSON string). */
  megaFeed(
    spec: string | object,
    paging: Paging = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    const s = typeof spec === 'string' ? spec : JSON.stringify(spec);
    return this.page('mega_feed_directive', { limit: 20, ...paging, spec: s }, options);
  }

  /** A user's posts (`notes`: authored, replies, bookmarks, user_media_thumbnails, ...). */
  feed(
    pubkey: string,
    paging: Paging & { notes?: FeedNotes; include_replies?: boolean; kinds?: number[] } = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('feed', { limit: 20, ...paging, pubkey }, options);
  }

  /** The parent chain (oldest first, including the note) and its direct replies. */
  threadView(eventId: string, paging: Paging = {}, options?: RequestOptions): Promise<FeedPage> {
    return this.page('thread_view', { limit: 100, ...paging, event_id: eventId }, options);
  }

  events(
    eventIds: string[],
    opts: { extended?: boolean; user_pubkey?: string } = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page(
      'events',
      {
        event_ids: eventIds,
        extended_response: opts.extended ?? true,
        ...(opts.user_pubkey ? { user_pubkey: opts.user_pubkey } : {}),
      },
      options,
    );
  }

  userInfos(pubkeys: string[], options?: RequestOptions): Promise<FeedPage> {
    return this.page('user_infos', { pubkeys }, options);
  }

  userProfile(pubkey: string, userPubkey?: string, options?: RequestOptions): Promise<FeedPage> {
    return this.page(
      'user_profile',
      { pubkey, ...(userPubkey ? { user_pubkey: userPubkey } : {}) },
      options,
    );
  }

  contactList(pubkey: string, extended = true, options?: RequestOptions): Promise<FeedPage> {
    return this.page('contact_list', { pubkey, extended_response: extended }, options);
  }

  isUserFollowing(pubkey: string, userPubkey: string, options?: RequestOptions): Promise<boolean> {
    return this.page('is_user_following', { pubkey, user_pubkey: userPubkey }, options).then(
      (p) => p.isFollowing === true,
    );
  }

  userFollowers(pubkey: string, limit = 200, options?: RequestOptions): Promise<FeedPage> {
    return this.page('user_followers', { pubkey, limit }, options);
  }

  /** Scored notes of a profile's sidebar. */
  userProfileScoredContent(
    pubkey: string,
    limit = 5,
    userPubkey?: string,
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page(
      'user_profile_scored_content',
      { pubkey, limit, ...(userPubkey ? { user_pubkey: userPubkey } : {}) },
      options,
    );
  }

  userProfileFollowedBy(
    pubkey: string,
    userPubkey: string,
    limit = 5,
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page(
      'user_profile_followed_by',
      { pubkey, user_pubkey: userPubkey, limit },
      options,
    );
  }

  userZapsSent(sender: string, paging: Paging = {}, options?: RequestOptions): Promise<FeedPage> {
    return this.page('user_zaps_sent', { limit: 20, ...paging, sender }, options);
  }

  getUserRelays(pubkey: string, options?: RequestOptions): Promise<FeedPage> {
    return this.page('get_user_relays', { pubkey }, options);
  }

  /** Likes (7), reposts (6) or zaps (9735) of a note: the actors' events and their kind 0. */
  eventActions(
    target: { event_id: string } | { pubkey: string; identifier: string },
    kind: 7 | 6 | 9735,
    paging: Paging = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('event_actions', { limit: 20, ...paging, ...target, kind }, options);
  }

  /** Zaps of a note, largest first. */
  eventZaps(
    target: { event_id: string } | { pubkey: string; identifier: string },
    paging: Paging = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('event_zaps_by_satszapped', { limit: 20, ...paging, ...target }, options);
  }

  /** Quotes of a note. */
  noteMentions(
    target: { event_id: string } | { pubkey: string; identifier: string },
    paging: Paging = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('note_mentions', { limit: 20, ...paging, ...target }, options);
  }

  noteMentionsCount(eventId: string, options?: RequestOptions): Promise<number> {
    return this.page('note_mentions_count', { event_id: eventId }, options).then(
      (p) => p.quoteCounts[eventId] ?? 0,
    );
  }

  longFormFeed(
    paging: CachePayloads['long_form_content_feed'] = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('long_form_content_feed', { limit: 20, ...paging }, options);
  }

  longFormThread(
    pubkey: string,
    identifier: string,
    paging: Paging & { kind?: number } = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page(
      'long_form_content_thread_view',
      { limit: 100, kind: 30023, ...paging, pubkey, identifier },
      options,
    );
  }

  explore(
    timeframe: ExploreTimeframe,
    scope: ExploreScope,
    paging: Paging & { created_after?: number } = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('explore', { limit: 20, ...paging, timeframe, scope }, options);
  }

  exploreMedia(paging: Paging = {}, options?: RequestOptions): Promise<FeedPage> {
    return this.page('explore_media', { limit: 20, ...paging }, options);
  }

  exploreZaps(paging: Paging = {}, options?: RequestOptions): Promise<FeedPage> {
    return this.page('explore_zaps', { limit: 20, ...paging }, options);
  }

  explorePeople(paging: Paging = {}, options?: RequestOptions): Promise<FeedPage> {
    return this.page('explore_people', { limit: 10, ...paging }, options);
  }

  exploreTopics(options?: RequestOptions): Promise<Record<string, number>> {
    return this.page('explore_topics', {}, options).then((p) => p.topicStats);
  }

  search(query: string, paging: Paging = {}, options?: RequestOptions): Promise<FeedPage> {
    return this.page('search', { limit: 100, ...paging, query }, options);
  }

  userSearch(
    query: string,
    limit = 10,
    pubkey?: string,
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('user_search', { query, limit, ...(pubkey ? { pubkey } : {}) }, options);
  }

  getNotifications(
    pubkey: string,
    typeGroup: NotificationTypeGroup = 'all',
    paging: Paging = {},
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page(
      'get_notifications',
      { limit: 20, ...paging, pubkey, type_group: typeGroup },
      options,
    );
  }

  /** The server's default home feeds (the user's own list lives in app subsettings). */
  getHomeFeeds(userPubkey?: string, options?: RequestOptions): Promise<FeedDefinition[]> {
    return this.page('get_home_feeds', userPubkey ? { user_pubkey: userPubkey } : {}, options).then(
      (p) => p.homeFeeds ?? [],
    );
  }

  getReadsFeeds(userPubkey?: string, options?: RequestOptions): Promise<FeedDefinition[]> {
    return this.page(
      'get_reads_feeds',
      userPubkey ? { user_pubkey: userPubkey } : {},
      options,
    ).then((p) => p.readsFeeds ?? []);
  }

  getDefaultRelays(options?: RequestOptions): Promise<string[]> {
    return this.page('get_default_relays', undefined, options).then((p) => p.defaultRelays ?? []);
  }

  getDefaultAppSettings(client: string, options?: RequestOptions): Promise<FeedPage> {
    return this.page('get_default_app_settings', { client }, options);
  }

  /** `event_from_user`: a signed kind 30078 event tagged `["d", clientName]`. */
  getAppSettings(eventFromUser: SignedEvent, options?: RequestOptions): Promise<FeedPage> {
    return this.page('get_app_settings', { event_from_user: eventFromUser }, options);
  }

  getAppSubsettings(eventFromUser: SignedEvent, options?: RequestOptions): Promise<FeedPage> {
    return this.page('get_app_subsettings', { event_from_user: eventFromUser }, options);
  }

  getSuggestedUsers(options?: RequestOptions): Promise<FeedPage> {
    return this.page('get_suggested_users', {}, options);
  }

  getBookmarks(pubkey: string, options?: RequestOptions): Promise<FeedPage> {
    return this.page('get_bookmarks', { pubkey }, options);
  }

  mutelist(pubkey: string, extended = true, options?: RequestOptions): Promise<FeedPage> {
    return this.page('mutelist', { pubkey, extended_response: extended }, options);
  }

  importEvents(events: SignedEvent[], options?: RequestOptions): Promise<FeedPage> {
    return this.page('import_events', { events }, options);
  }

  /**
   * Proxy mode: the cache stores the events and publishes them to `relays`. Answers each event
   * some relay accepted; a NOTICE when every relay failed.
   */
  broadcastEvents(
    events: SignedEvent[],
    relays: string[],
    options?: RequestOptions,
  ): Promise<FeedPage> {
    return this.page('broadcast_events', { events, relays }, options);
  }

  // ---- streams ----------------------------------------------------------------------------

  /** Network statistics, pushed by the server until the returned function is called. */
  netStats(onStats: (stats: NetStats) => void): () => void {
    return this.connection.stream(
      'net_stats',
      {},
      {
        onEvent: (e) => {
          const s = decodePage([e]).netStats;
          if (s) onStats(s);
        },
      },
    );
  }

  /** Unread notification counts per type ("1".."204"). */
  notificationCounts(
    pubkey: string,
    onCounts: (counts: Record<string, number>) => void,
  ): () => void {
    return this.connection.stream(
      'notification_counts',
      { pubkey },
      {
        onEvent: (e) => {
          const c = decodePage([e]).notificationCounts;
          if (c) onCounts(c);
        },
      },
    );
  }

  /** Unread direct messages. */
  directMessageCount(pubkey: string, onCount: (count: number) => void): () => void {
    return this.connection.stream(
      'directmsg_count',
      { pubkey },
      {
        onEvent: (e) => {
          const c = decodePage([e]).dmCount;
          if (c !== undefined) onCount(c);
        },
      },
    );
  }
}
