import { useCallback, useSyncExternalStore } from 'react';
import type {
  FeedPage,
  LinkPreviewResource,
  MediaResource,
  NoteActions,
  NoteStats,
  SignedEvent,
  TopZap,
  UserStats,
} from '@swell/cache-protocol';

/**
 * The normalised entity store: notes by id, users (kind 0) by pubkey, stats by note id, and the
 * enrichment a page carries. Every page is merged once; components read single entities through
 * hooks, so a new stat re-renders only what shows it.
 */
export interface Entities {
  notes: Map<string, SignedEvent>;
  users: Map<string, SignedEvent>;
  stats: Map<string, NoteStats>;
  actions: Map<string, NoteActions>;
  /** Repost id -> id of the reposted note (the note itself lives in `notes`). */
  reposts: Map<string, string>;
  mediaByUrl: Map<string, MediaResource>;
  previewByUrl: Map<string, LinkPreviewResource>;
  topZaps: Map<string, TopZap[]>;
  verifiedNames: Map<string, string>;
  userStats: Map<string, UserStats>;
  wordCounts: Map<string, number>;
}

function emptyEntities(): Entities {
  return {
    notes: new Map(),
    users: new Map(),
    stats: new Map(),
    actions: new Map(),
    reposts: new Map(),
    mediaByUrl: new Map(),
    previewByUrl: new Map(),
    topZaps: new Map(),
    verifiedNames: new Map(),
    userStats: new Map(),
    wordCounts: new Map(),
  };
}

const entities = emptyEntities();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function put<V>(map: Map<string, V>, record: Record<string, V>): void {
  for (const [k, v] of Object.entries(record)) map.set(k, v);
}

/** Merges a decoded cache answer into the store and notifies readers once. */
export function ingestPage(page: FeedPage): void {
  for (const n of page.notes) entities.notes.set(n.id, n);
  for (const n of Object.values(page.mentions)) entities.notes.set(n.id, n);
  for (const [id, original] of Object.entries(page.reposts)) {
    entities.notes.set(original.id, original);
    entities.reposts.set(id, original.id);
  }
  for (const [pk, u] of Object.entries(page.users)) {
    const old = entities.users.get(pk);
    if (!old || old.created_at <= u.created_at) entities.users.set(pk, u);
  }
  put(entities.stats, page.stats);
  put(entities.actions, page.actions);
  put(entities.mediaByUrl, page.mediaByUrl);
  put(entities.previewByUrl, page.previewByUrl);
  put(entities.topZaps, page.topZaps);
  put(entities.verifiedNames, page.verifiedNames);
  put(entities.userStats, page.userStats);
  put(entities.wordCounts, page.wordCounts);
  for (const l of [...listeners]) l();
}

/** Non-React read access (controllers). */
export function getEntities(): Readonly<Entities> {
  return entities;
}

function useEntity<V>(map: keyof Entities, key: string | undefined): V | undefined {
  const get = useCallback(
    () => (key === undefined ? undefined : (entities[map] as Map<string, V>).get(key)),
    [map, key],
  );
  return useSyncExternalStore(subscribe, get, get);
}

export const useNote = (id: string | undefined) => useEntity<SignedEvent>('notes', id);
export const useUserEvent = (pk: string | undefined) => useEntity<SignedEvent>('users', pk);
export const useNoteStats = (id: string | undefined) => useEntity<NoteStats>('stats', id);
/** The signed-in user's own actions on a note (liked, replied, reposted, zapped). */
export const useNoteActionsOf = (id: string | undefined) => useEntity<NoteActions>('actions', id);
export const useRepostOf = (id: string | undefined) => useEntity<string>('reposts', id);
export const useMedia = (url: string | undefined) => useEntity<MediaResource>('mediaByUrl', url);
export const usePreview = (url: string | undefined) =>
  useEntity<LinkPreviewResource>('previewByUrl', url);
export const useVerifiedName = (pk: string | undefined) => useEntity<string>('verifiedNames', pk);
export const useUserStats = (pk: string | undefined) => useEntity<UserStats>('userStats', pk);
export const useTopZaps = (id: string | undefined) => useEntity<TopZap[]>('topZaps', id);
