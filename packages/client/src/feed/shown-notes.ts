import type { FeedPage } from '@swell/cache-protocol';

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The note each element of a page shows (one card per note): a repost (kinds 6 and 16) shows
 * the note it reposts (resolved by the page, else its first `e` tag); anything else, and an
 * element that is not a note (a pubkey, a zap receipt), stands for itself.
 */
export function shownNotesOf(page: FeedPage): (id: string) => string {
  const byId = new Map(page.notes.map((n) => [n.id, n]));
  return (id) => {
    const event = byId.get(id);
    if (!event || (event.kind !== 6 && event.kind !== 16)) return id;
    const original = page.reposts[id];
    if (original) return original.id;
    const e = event.tags.find((t) => t[0] === 'e' && HEX64.test(t[1] ?? ''));
    return e?.[1] ?? id;
  };
}
