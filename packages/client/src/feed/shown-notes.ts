import { shownNoteId, type FeedPage } from '@swell/cache-protocol';

/**
 * The note each element of a page shows (one card per note): itself unless it is a repost;
 * elements that are not posts (pubkeys) stand for themselves.
 */
export function shownNotesOf(page: FeedPage): (id: string) => string {
  const byId = new Map(page.notes.map((n) => [n.id, n]));
  return (id) => {
    const event = byId.get(id);
    return event ? shownNoteId(event, page.reposts[id]) : id;
  };
}
