import type { NoteStats, SignedEvent } from '@swell/cache-protocol';

/** The published time of an article: its published_at (or published) tag, else created_at. */
export function publishedAt(event: Pick<SignedEvent, 'tags' | 'created_at'>): number {
  for (const name of ['published_at', 'published']) {
    const raw = event.tags.find((t) => t[0] === name)?.[1];
    if (raw !== undefined && /^\d{1,13}$/.test(raw.trim())) {
      const n = Number(raw.trim());
      return n > 1e11 ? Math.floor(n / 1000) : n;
    }
  }
  return event.created_at;
}

/**
 * The value an element is sorted and paged by, as the cache orders it (cache-protocol.md section
 * 4): created_at, published_at (reads), score, score24h or satszapped (from the note's stats).
 */
export function sortValue(
  event: SignedEvent | undefined,
  orderBy: string,
  stats: NoteStats | undefined,
): number {
  if (!event) return 0;
  switch (orderBy) {
    case 'score':
      return stats?.score ?? 0;
    case 'score24h':
      return stats?.score24h ?? 0;
    case 'satszapped':
      return stats?.satszapped ?? 0;
    case 'published_at':
      return publishedAt(event);
    default:
      return event.created_at;
  }
}
