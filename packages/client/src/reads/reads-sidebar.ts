import type { FeedPage, SignedEvent } from '@swell/cache-protocol';
import { nip19 } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';

/** A recommended article: its naddr and title from the cache, the event once fetched. */
export interface RecommendedRead {
  naddr: string;
  title: string;
  /** The article (kind 30023) when the cache has it. */
  event?: SignedEvent;
}

export interface ReadsSidebar {
  /** Topics of `/reads/:topic` (`get_reads_topics`). */
  topics: string[];
  /** One of the featured authors (`get_featured_authors`), its profile fetched. */
  featuredAuthor: string | null;
  recommended: RecommendedRead[];
}

export interface ReadsSidebarOptions {
  api: CacheApi;
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  /** Personalises what the cache returns (the user's key, else the default account's). */
  userPubkey?: string;
  /** Picks the featured author of the day (default: the day number modulo the list). */
  now?: () => number;
}

/**
 * The reads sidebar: topics, a featured author (one of the cache's list, the same all day, with
 * their profile and stats), and recommended reads (the cache gives naddr and title; the articles
 * are fetched with `parametrized_replaceable_events`). Each part fails alone: what loaded shows.
 */
export async function loadReadsSidebar(options: ReadsSidebarOptions): Promise<ReadsSidebar> {
  const { api, ingest } = options;
  const personal = options.userPubkey ? { user_pubkey: options.userPubkey } : {};
  const [topicsPage, authorsPage, readsPage] = await Promise.all([
    api.page('get_reads_topics', personal).catch(() => undefined),
    api.page('get_featured_authors', personal).catch(() => undefined),
    api.page('get_recommended_reads', personal).catch(() => undefined),
  ]);
  const topics = topicsPage?.readsTopics ?? [];
  const authors = authorsPage?.featuredAuthors ?? [];
  const now = options.now?.() ?? Date.now();
  const featuredAuthor =
    authors.length > 0 ? authors[Math.floor(now / 86_400_000) % authors.length]! : null;
  const pairs = readsPage?.recommendedReads ?? [];
  const refs = pairs
    .map(([naddr, title]) => ({ naddr, title, pointer: decodeNaddr(naddr) }))
    .filter((r) => r.pointer !== undefined);

  const [, articles] = await Promise.all([
    featuredAuthor
      ? ingest(() => api.userProfile(featuredAuthor, options.userPubkey)).catch(() => undefined)
      : undefined,
    refs.length > 0
      ? ingest(() =>
          api.page('parametrized_replaceable_events', {
            events: refs.map((r) => r.pointer!),
            extended_response: true,
            ...personal,
          }),
        ).catch(() => undefined)
      : undefined,
  ]);
  const recommended = refs.map(({ naddr, title, pointer }) => {
    const event = articles?.notes.find(
      (e) =>
        e.kind === pointer!.kind &&
        e.pubkey === pointer!.pubkey &&
        (e.tags.find((t) => t[0] === 'd')?.[1] ?? '') === pointer!.identifier,
    );
    return { naddr, title, ...(event ? { event } : {}) };
  });
  return { topics, featuredAuthor, recommended };
}

function decodeNaddr(
  naddr: string,
): { pubkey: string; kind: number; identifier: string } | undefined {
  try {
    const d = nip19.decode(naddr);
    if (d.type !== 'naddr') return undefined;
    return { pubkey: d.data.pubkey, kind: d.data.kind, identifier: d.data.identifier };
  } catch {
    return undefined;
  }
}
