import type { SyncedDrafts } from '@swell/client';
import { createStore } from '@/lib/external-store.ts';
import { loadWrite } from '@/features/write/write-store.ts';

/**
 * The write path's drafts on every device (NIP-37) once loaded: on first use (the article
 * editor, Drafts, a new note typed), so the first load does not carry them.
 */
export const syncedDraftsStore = createStore<SyncedDrafts | null>(null);

let loading: Promise<SyncedDrafts> | null = null;

export function loadSyncedDrafts(): Promise<SyncedDrafts> {
  loading ??= loadWrite()
    .then((w) => w.syncedDrafts())
    .then(
      (d) => {
        syncedDraftsStore.set(d);
        return d;
      },
      (e: unknown) => {
        loading = null;
        throw e;
      },
    );
  return loading;
}

/** A new draft identifier (a random UUID, as NIP-37 suggests). */
export const newDraftIdentifier = (): string => crypto.randomUUID();
