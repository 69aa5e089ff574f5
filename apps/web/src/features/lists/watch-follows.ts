import { swell } from '@/data/client.ts';

/**
 * Calls `changed` when the follows of `pubkey` change after they first loaded (a follow or
 * unfollow here, or a newer contact list from another device), so feeds built from the follows
 * can load again. The first list loaded is the one those feeds were asked with: no call for it.
 * Returns the function that stops watching.
 */
export function watchFollows(pubkey: string | null, changed: () => void): () => void {
  if (!pubkey) return () => {};
  const lists = swell().lists;
  const key = () => {
    const s = lists.getSnapshot();
    return s.pubkey === pubkey && s.status === 'ready' ? s.following.join(',') : null;
  };
  let last = key();
  return lists.subscribe(() => {
    const now = key();
    if (now === null || now === last) return;
    const first = last === null;
    last = now;
    if (!first) changed();
  });
}
