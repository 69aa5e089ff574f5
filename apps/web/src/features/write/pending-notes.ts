import { OWN_POST_KINDS, type OutboxItem } from '@swell/client';

const cache = new WeakMap<object, { pubkey: string; ids: string[] }>();

/**
 * The user's new posts (notes without a reply target, polls, picture posts, videos), newest
 * first (one array per snapshot).
 */
export function pendingRootNotes(
  items: Readonly<Record<string, OutboxItem>> | undefined,
  pubkey: string | null,
): string[] {
  if (!items || !pubkey) return [];
  const kept = cache.get(items);
  if (kept?.pubkey === pubkey) return kept.ids;
  const ids = Object.values(items)
    .filter(
      (i) =>
        i.event.pubkey === pubkey &&
        OWN_POST_KINDS.has(i.event.kind) &&
        !i.event.tags.some((t) => t[0] === 'e'),
    )
    .sort((a, b) => b.event.created_at - a.event.created_at)
    .map((i) => i.id);
  cache.set(items, { pubkey, ids });
  return ids;
}
