import type { AccountListsSnapshot } from '@swell/client';
import { swell } from '@/data/client.ts';
import { isBookmarked } from '@/features/lists/list-keys.ts';
import { useSnapshot } from '@/data/use-model.ts';

/** The signed-in user's lists (follows, mutes, filter lists, allowlist, bookmarks), live. */
export function useLists(): AccountListsSnapshot {
  const lists = swell().lists;
  return useSnapshot(lists);
}

/** Whether the signed-in user bookmarked this note or article. */
export function useIsBookmarked(event: {
  id: string;
  kind: number;
  pubkey: string;
  tags: string[][];
}): boolean {
  return isBookmarked(useLists().bookmarks, event);
}
