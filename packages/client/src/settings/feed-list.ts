import type { FeedDefinition } from '@swell/cache-protocol';

/**
 * The editing rules of the home and reads feed lists (spec section 4 "Settings"): add at the top
 * or the bottom, unique by name; remove; reorder; rename (unique); enable or disable; restore the
 * defaults. Pure functions returning a new list; the input is never changed.
 */

/** Names compare without case and surrounding spaces. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function hasFeed(list: readonly FeedDefinition[], name: string): boolean {
  return list.some((f) => sameName(f.name, name));
}

/** Adds a feed at the top or the bottom; a list that already has that name is returned as is. */
export function addFeed(
  list: readonly FeedDefinition[],
  feed: FeedDefinition,
  where: 'top' | 'bottom' = 'bottom',
): FeedDefinition[] {
  if (hasFeed(list, feed.name)) return [...list];
  const entry = { ...feed, name: feed.name.trim(), enabled: feed.enabled ?? true };
  return where === 'top' ? [entry, ...list] : [...list, entry];
}

export function removeFeed(list: readonly FeedDefinition[], name: string): FeedDefinition[] {
  return list.filter((f) => !sameName(f.name, name));
}

/** Moves the feed at `from` to index `to` (clamped). */
export function moveFeed(
  list: readonly FeedDefinition[],
  from: number,
  to: number,
): FeedDefinition[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  const target = Math.max(0, Math.min(out.length, to));
  out.splice(target, 0, item!);
  return out;
}

/** Renames a feed; an empty name or one another feed has leaves the list as it was. */
export function renameFeed(
  list: readonly FeedDefinition[],
  name: string,
  newName: string,
): FeedDefinition[] {
  const next = newName.trim();
  if (next === '' || list.some((f) => sameName(f.name, next) && !sameName(f.name, name)))
    return [...list];
  return list.map((f) => (sameName(f.name, name) ? { ...f, name: next } : f));
}

export function setFeedEnabled(
  list: readonly FeedDefinition[],
  name: string,
  enabled: boolean,
): FeedDefinition[] {
  return list.map((f) => (sameName(f.name, name) ? { ...f, enabled } : f));
}

/** Keeps only well-formed entries (name and spec strings), unique by name. */
export function parseFeedList(value: unknown): FeedDefinition[] | null {
  if (!Array.isArray(value)) return null;
  const out: FeedDefinition[] = [];
  for (const f of value) {
    if (typeof f !== 'object' || f === null) continue;
    const o = f as Record<string, unknown>;
    if (typeof o.name !== 'string' || typeof o.spec !== 'string' || o.name.trim() === '') continue;
    if (hasFeed(out, o.name)) continue;
    out.push({
      ...o,
      name: o.name,
      spec: o.spec,
      description: typeof o.description === 'string' ? o.description : '',
      enabled: o.enabled !== false,
    } as FeedDefinition);
  }
  return out;
}
