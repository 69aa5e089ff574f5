import type { SavedDraft, WritePath } from '@swell/client';
import { swell } from '@/data/client.ts';
import { loadSyncedDrafts, newDraftIdentifier } from '@/features/write/synced-drafts-store.ts';

/**
 * The composer's draft of a new note on every device: the text stays in the per-user record as
 * before (the cache: nothing typed is lost offline) and also goes, once typing pauses, into a
 * NIP-37 draft (kind 1) under an identifier this device keeps in the record.
 */
const FIELD = 'noteDraftSynced';

function currentId(pubkey: string): string | undefined {
  const v = swell().records.get(pubkey)[FIELD];
  return typeof v === 'string' && v ? v : undefined;
}

function setCurrentId(pubkey: string, id: string | undefined): void {
  swell().records.update(pubkey, { [FIELD]: id });
}

/** The new note's text changed: saved as a draft (an emptied text throws the draft away). */
export function syncNoteDraft(pubkey: string | null, text: string): void {
  if (!pubkey) return;
  let id = currentId(pubkey);
  if (!text.trim()) {
    if (id) {
      setCurrentId(pubkey, undefined);
      const gone = id;
      void loadSyncedDrafts()
        .then((d) => d.remove(gone))
        .catch(() => {});
    }
    return;
  }
  if (!id) {
    id = newDraftIdentifier();
    setCurrentId(pubkey, id);
  }
  const draft = { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: text };
  const saveTo = id;
  // In order: every save waits for the same load.
  void loadSyncedDrafts()
    .then((d) => d.save(saveTo, draft))
    .catch(() => {});
}

/** The note went out: its draft goes from every device. */
export function noteDraftPublished(pubkey: string | null): void {
  if (!pubkey) return;
  const id = currentId(pubkey);
  if (!id) return;
  setCurrentId(pubkey, undefined);
  void loadSyncedDrafts()
    .then((d) => d.remove(id))
    .catch(() => {});
}

/** A note draft opened from Drafts: it becomes the composer's new note. */
export function openNoteDraft(write: WritePath, draft: SavedDraft): void {
  const pubkey = swell().session.pubkey;
  if (!pubkey) return;
  setCurrentId(pubkey, draft.identifier);
  write.drafts.save(undefined, draft.draft.content);
  write.drafts.flush();
}
