import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { EntityStore, StoreLease } from '@swell/client';
import { swell } from '@/data/client.ts';

/**
 * React bindings of the client's entity store (`swell().store`): each hook reads one entity
 * through a selector that returns the same object for the same data, so a new stat re-renders
 * only what shows it.
 */
function useSelect<V>(
  select: (store: EntityStore, key: string | undefined) => V,
  key: string | undefined,
): V {
  const get = useCallback(() => select(swell().store, key), [select, key]);
  return useSyncExternalStore(swell().store.subscribe, get, get);
}

const sel = {
  note: (s: EntityStore, k: string | undefined) => s.note(k),
  user: (s: EntityStore, k: string | undefined) => s.user(k),
  stats: (s: EntityStore, k: string | undefined) => s.noteStats(k),
  actions: (s: EntityStore, k: string | undefined) => s.noteActions(k),
  repost: (s: EntityStore, k: string | undefined) => s.repostOf(k),
  media: (s: EntityStore, k: string | undefined) => s.media(k),
  preview: (s: EntityStore, k: string | undefined) => s.preview(k),
  verified: (s: EntityStore, k: string | undefined) => s.verifiedName(k),
  userStats: (s: EntityStore, k: string | undefined) => s.userStatsOf(k),
  topZaps: (s: EntityStore, k: string | undefined) => s.noteTopZaps(k),
  hidden: (s: EntityStore, k: string | undefined) => (k ? s.isHidden(k) : false),
  deleted: (s: EntityStore, k: string | undefined) => (k ? s.isDeleted(k) : false),
  legend: (s: EntityStore, k: string | undefined) => s.legend(k),
  cohort: (s: EntityStore, k: string | undefined) => s.cohort(k),
};

export const useNote = (id: string | undefined) => useSelect(sel.note, id);
export const useUserEvent = (pk: string | undefined) => useSelect(sel.user, pk);
export const useNoteStats = (id: string | undefined) => useSelect(sel.stats, id);
/** The signed-in user's own actions on a note (liked, replied, reposted, zapped). */
export const useNoteActionsOf = (id: string | undefined) => useSelect(sel.actions, id);
export const useRepostOf = (id: string | undefined) => useSelect(sel.repost, id);
export const useMedia = (url: string | undefined) => useSelect(sel.media, url);
export const usePreview = (url: string | undefined) => useSelect(sel.preview, url);
export const useVerifiedName = (pk: string | undefined) => useSelect(sel.verified, pk);
/** A legend's customization (10000168): style, custom badge, avatar glow. */
export const useLegend = (pk: string | undefined) => useSelect(sel.legend, pk);
/** A member's tier and cohort (10000169). */
export const useCohort = (pk: string | undefined) => useSelect(sel.cohort, pk);
export const useUserStats = (pk: string | undefined) => useSelect(sel.userStats, pk);
export const useTopZaps = (id: string | undefined) => useSelect(sel.topZaps, id);
/** True once a note is deleted (NIP-09) or hidden by the viewer. */
export const useIsHidden = (id: string | undefined) => useSelect(sel.hidden, id);
/** True once a note is deleted by its author, or while the user is deleting it. */
export const useIsDeleted = (id: string | undefined) => useSelect(sel.deleted, id);

/**
 * Holds the notes a mounted view shows (and what they show with them: reposted and quoted notes,
 * authors) in the client's store, so pruning in a long session never takes a note off screen.
 */
export function useRetainedNotes(ids: readonly string[]): void {
  const lease = useRef<StoreLease | null>(null);
  useEffect(() => {
    const held = swell().store.retain();
    lease.current = held;
    return () => {
      held.release();
      lease.current = null;
    };
  }, []);
  useEffect(() => {
    lease.current?.update(ids);
  }, [ids]);
}
