import type { FeedDefinition, SuggestedGroup } from '@swell/cache-protocol';

/**
 * Server-side defaults served by get_home_feeds, get_reads_feeds, get_default_app_settings,
 * get_suggested_users and friends. Data, not code: change freely.
 */
const spec = (o: Record<string, unknown>) => JSON.stringify(o);

export const defaultHomeFeeds: FeedDefinition[] = [
  {
    name: 'Latest',
    spec: spec({ id: 'latest', kind: 'notes' }),
    description: 'Latest notes by your follows',
    enabled: true,
  },
  {
    name: 'Latest with Replies',
    spec: spec({ id: 'latest', kind: 'notes', include_replies: true }),
    description: 'Latest notes and replies by your follows',
    enabled: true,
  },
  {
    name: 'Trending 24h',
    spec: spec({ id: 'global-trending', kind: 'notes', hours: 24 }),
    description: 'Most engaging notes of the last 24 hours',
    enabled: true,
  },
  {
    name: 'Most Zapped 4h',
    spec: spec({ id: 'most-zapped', kind: 'notes', hours: 4 }),
    description: 'Notes with the most sats zapped in the last 4 hours',
    enabled: true,
  },
  {
    name: 'All Notes',
    spec: spec({ id: 'all-notes', kind: 'notes' }),
    description: 'Everything on this server, newest first',
    enabled: true,
  },
  {
    name: 'Explore Media',
    spec: spec({ id: 'explore-media' }),
    description: 'Latest images and videos',
    enabled: false,
  },
];

export const defaultReadsFeeds: FeedDefinition[] = [
  {
    name: 'Nostr Reads',
    spec: spec({ id: 'nostr-reads-feed', kind: 'reads' }),
    description: 'Latest long-form articles',
    enabled: true,
  },
  {
    name: 'My Follows',
    spec: spec({ kind: 'reads', scope: 'follows' }),
    description: 'Articles by people you follow',
    enabled: true,
  },
  {
    name: 'Zapped by Follows',
    spec: spec({ kind: 'reads', scope: 'zappedbyfollows' }),
    description: 'Articles zapped by people you follow',
    enabled: true,
  },
  {
    name: 'Bitcoin',
    spec: spec({ kind: 'reads', topic: 'bitcoin' }),
    description: 'Articles about bitcoin',
    enabled: false,
  },
  {
    name: 'Nostr',
    spec: spec({ kind: 'reads', topic: 'nostr' }),
    description: 'Articles about nostr',
    enabled: false,
  },
];

export const defaultAppSettings = {
  theme: 'sunrise',
  animated: true,
  defaultZapAmount: 42,
  zapDefault: { amount: 42, message: 'Onward' },
  zapConfig: [
    { emoji: '👍', amount: 21, message: 'Great post' },
    { emoji: '🚀', amount: 420, message: "Let's go" },
    { emoji: '☕', amount: 1000, message: 'Coffee on me' },
    { emoji: '🍻', amount: 5000, message: 'Cheers' },
    { emoji: '🎉', amount: 10000, message: 'Party time' },
    { emoji: '🏆', amount: 100000, message: 'Generational wealth' },
  ],
  zapOptions: [21, 420, 1000, 5000, 10000, 100000],
  notifications: {
    NEW_USER_FOLLOWED_YOU: true,
    USER_UNFOLLOWED_YOU: true,
    YOUR_POST_WAS_ZAPPED: true,
    YOUR_POST_WAS_LIKED: true,
    YOUR_POST_WAS_REPOSTED: true,
    YOUR_POST_WAS_REPLIED_TO: true,
    YOU_WERE_MENTIONED_IN_POST: true,
    YOUR_POST_WAS_MENTIONED_IN_POST: true,
    POST_YOU_WERE_MENTIONED_IN_WAS_ZAPPED: true,
    POST_YOU_WERE_MENTIONED_IN_WAS_LIKED: true,
    POST_YOU_WERE_MENTIONED_IN_WAS_REPOSTED: true,
    POST_YOU_WERE_MENTIONED_IN_WAS_REPLIED_TO: true,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_ZAPPED: true,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_LIKED: true,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPOSTED: true,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPLIED_TO: true,
  },
  applyContentModeration: true,
  contentModeration: [{ name: 'my_mutelist', scopes: ['content', 'trending'] }],
  proxyThroughPrimal: false,
  feeds: defaultHomeFeeds,
};

export const defaultReadsTopics = [
  'bitcoin',
  'nostr',
  'technology',
  'art',
  'music',
  'philosophy',
  'finance',
  'privacy',
];

export const defaultSuggestedUsers: SuggestedGroup[] = [];

/** Relays a new client starts with: this server's own relay. */
export function defaultRelays(baseUrl: string): string[] {
  return [`${baseUrl.replace(/^http/, 'ws')}/relay`];
}
