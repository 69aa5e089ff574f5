import { useNoteActionsOf } from '@/data/entity-store.ts';
import type { NoteState } from '@/features/note-actions/note-action-handlers.ts';

const none: NoteState = { liked: false, replied: false, reposted: false, zapped: false };

/**
 * The signed-in user's own state for a note (liked, replied, reposted, zapped), from the note
 * actions the cache sends with every page asked with `user_pubkey`. Guests: all false.
 */
export function useNoteState(noteId: string): NoteState {
  const actions = useNoteActionsOf(noteId);
  if (!actions) return none;
  return {
    liked: !!actions.liked,
    replied: !!actions.replied,
    reposted: !!actions.reposted,
    zapped: !!actions.zapped,
  };
}
