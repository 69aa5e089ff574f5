import type { ModelContext } from './model.ts';

/**
 * Calls `changed` when the viewer's follows change after they first loaded (a follow or
 * unfollow here, or a newer contact list from another device), so lists built from the follows
 * can load again. The first list loaded is the one those lists were asked with: no call for it.
 * Returns the function that stops watching; a guest has no follows to watch.
 */
export function watchFollows(
  ctx: Pick<ModelContext, 'lists' | 'viewer'>,
  changed: () => void,
): () => void {
  const { lists, viewer } = ctx;
  if (!viewer) return () => {};
  const key = () => {
    const s = lists.getSnapshot();
    return s.pubkey === viewer && s.status === 'ready' ? s.following.join(',') : null;
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
