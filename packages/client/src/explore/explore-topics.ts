import type { CacheApi } from '../cache/cache-api.ts';

/** Topics of the last 24 h with their note counts, most used first. */
export async function loadExploreTopics(
  api: CacheApi,
): Promise<Array<{ topic: string; count: number }>> {
  const stats = await api.exploreTopics();
  return Object.entries(stats)
    .map(([topic, count]) => ({ topic, count }))
    .sort((a, b) => b.count - a.count || a.topic.localeCompare(b.topic));
}
