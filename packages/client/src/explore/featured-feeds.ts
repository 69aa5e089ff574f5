import type { FeedPage, SignedEvent } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';

/** A feed offered on Explore: a DVM-style announcement (kind 31990) with its feed spec. */
export interface FeaturedFeed {
  /** Its `d` tag: the id of `/explore/feed/:id`. */
  id: string;
  pubkey: string;
  name: string;
  about: string;
  /** The `mega_feed_directive` spec it computes (`primal_spec`), when given. */
  spec: string | null;
  kind: 'notes' | 'reads';
  eventId: string;
  likes: number;
  satszapped: number;
}

/** The feed announcements of a page (`get_featured_dvm_feeds`, `dvm_feed_info`). */
export function featuredFeedsOf(page: FeedPage): FeaturedFeed[] {
  const out: FeaturedFeed[] = [];
  for (const e of page.others) {
    const feed = parseFeedAnnouncement(e, page);
    if (feed) out.push(feed);
  }
  return out;
}

function parseFeedAnnouncement(e: SignedEvent, page: FeedPage): FeaturedFeed | undefined {
  if (e.kind !== 31990) return undefined;
  const id = e.tags.find((t) => t[0] === 'd')?.[1];
  if (!id) return undefined;
  let content: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(e.content);
    if (typeof parsed === 'object' && parsed !== null) content = parsed as Record<string, unknown>;
  } catch {
    // a feed without readable metadata still has its id
  }
  const tagged = e.tags.find((t) => t[0] === 't' && (t[1] === 'notes' || t[1] === 'reads'))?.[1];
  const kind = page.dvmMetadata[e.id]?.kind ?? (tagged === 'reads' ? 'reads' : 'notes');
  const stats = page.stats[e.id];
  return {
    id,
    pubkey: e.pubkey,
    name: typeof content.name === 'string' && content.name ? content.name : id,
    about: typeof content.about === 'string' ? content.about : '',
    spec: typeof content.primal_spec === 'string' ? content.primal_spec : null,
    kind,
    eventId: e.id,
    likes: stats?.likes ?? 0,
    satszapped: stats?.satszapped ?? 0,
  };
}

/** The feeds Explore features (this server's catalogue: trending, most zapped, reads...). */
export async function loadFeaturedFeeds(
  api: CacheApi,
  userPubkey?: string,
): Promise<FeaturedFeed[]> {
  const page = await api.page(
    'get_featured_dvm_feeds',
    userPubkey ? { user_pubkey: userPubkey } : {},
  );
  return featuredFeedsOf(page);
}

/**
 * One featured feed by its id (`/explore/feed/:id`): this server's catalogue first; an id of the
 * form `<pubkey>:<identifier>` asks `dvm_feed_info` for someone else's announcement.
 */
export async function loadFeaturedFeed(
  api: CacheApi,
  id: string,
  userPubkey?: string,
): Promise<FeaturedFeed | null> {
  const personal = userPubkey ? { user_pubkey: userPubkey } : {};
  const m = /^([0-9a-f]{64}):(.+)$/.exec(id);
  if (m) {
    const page = await api.page('dvm_feed_info', { pubkey: m[1]!, identifier: m[2]!, ...personal });
    return featuredFeedsOf(page).find((f) => f.id === m[2]) ?? null;
  }
  return (await loadFeaturedFeeds(api, userPubkey)).find((f) => f.id === id) ?? null;
}
