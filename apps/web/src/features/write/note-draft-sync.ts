import { newDraftIdentifier, type SavedDraft, type WritePath } from '@swell/client';
import { swell } from '@/data/client.ts';

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
export function syncNoteDraft(write: WritePath, pubkey: string | null, text: string): void {
  if (!pubkey) return;
  let id = currentId(pubkey);
  if (!text.trim()) {
    if (id) {
      setCurrentId(pubkey, undefined);
      void write.syncedDrafts.remove(id).catch(() => {});
    }
    return;
  }
  if (!id) {
    id = newDraftIdentifier();
    setCurrentId(pubkey, id);
  }
  write.syncedDrafts.save(id, {
    kind: 1,
    created_at: Math.floor(Date.now() / 1000),
    tags: [],
    content: text,
  });
}

/** The note went out: its draft goes from every device. */
export function noteDraftPublished(write: WritePath, pubkey: string | null): void {
  if (!pubkey) return;
  const id = currentId(pubkey);
  if (!id) return;
  setCurrentId(pubkey, undefined);
  void write.syncedDrafts.remove(id).catch(() => {});
}

/** A note draft opened from Drafts: it becomes the composer's new note. */
export function openNoteDraft(write: WritePath, draft: SavedDraft): void {
  const pubkey = swell().session.pubkey;
  if (!pubkey) return;
  setCurrentId(pubkey, draft.identifier);
  write.drafts.save(undefined, draft.draft.content);
  write.drafts.flush();
}
