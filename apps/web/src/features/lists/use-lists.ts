import { useSyncExternalStore } from 'react';
import type { AccountListsSnapshot } from '@swell/client';
import { swell } from '@/data/client.ts';

/** The signed-in user's lists (follows, mutes, filter lists, allowlist, bookmarks), live. */
export function useLists(): AccountListsSnapshot {
  const lists = swell().lists;
  return useSyncExternalStore(lists.subscribe, lists.getSnapshot);
}

/** The address a bookmark of this event uses: the article coordinate or the note id. */
export function bookmarkKey(event: { id: string; kind: number; pubkey: string; tags: string[][] }) {
  if (event.kind >= 30000 && event.kind < 40000) {
    const d = event.tags.find((t) => t[0] === 'd')?.[1] ?? '';
    return `${event.kind}:${event.pubkey}:${d}`;
  }
  return event.id;
}

/** Whether the signed-in user bookmarked this note or article. */
export function useIsBookmarked(event: {
  id: string;
  kind: number;
  pubkey: string;
  tags: string[][];
}): boolean {
  const { bookmarks } = useLists();
  const key = bookmarkKey(event);
  return key === event.id ? bookmarks.notes.includes(key) : bookmarks.articles.includes(key);
}
