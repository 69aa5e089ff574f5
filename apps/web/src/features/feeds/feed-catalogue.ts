import type { FeedDefinition } from '@swell/cache-protocol';
import { loadFeaturedFeeds } from '@swell/client';
import { api } from '@/data/connection.ts';

export interface FeedCatalogue {
  home: FeedDefinition[];
  reads: FeedDefinition[];
  featured: FeedDefinition[];
}

/** Every feed the server offers: home and reads feeds, and the featured (DVM) feeds with a spec. */
export async function loadFeedCatalogue(pubkey: string | null): Promise<FeedCatalogue> {
  const user = pubkey ?? undefined;
  const [home, reads, featured] = await Promise.all([
    api().getHomeFeeds(user),
    api().getReadsFeeds(user),
    loadFeaturedFeeds(api(), user).catch(() => []),
  ]);
  return {
    home,
    reads,
    featured: featured.flatMap((f) =>
      f.spec ? [{ name: f.name, spec: f.spec, description: f.about, enabled: true }] : [],
    ),
  };
}

/** The test page of a feed. */
export function feedTestPath(spec: string): string {
  return `/feeds/${encodeURIComponent(spec)}`;
}
