import { refFromNip19, type LookupRef } from '@swell/client';
import { NoteCard } from '@/features/note/note-card.tsx';
import { useNote } from '@/data/entity-store.ts';
import { LookedUpNote } from '@/features/outbox/missing-note.tsx';

/**
 * A thread whose note the cache does not hold: the note is looked up on its relay hints and its
 * author's write relays and shown focused when found; the missing-note placeholder otherwise.
 */
export default function ThreadLookup({ id, param }: { id: string; param: string | undefined }) {
  const note = useNote(id);
  if (note) return <NoteCard event={note} variant="focused" />;
  const decoded = param ? refFromNip19(param) : undefined;
  const ref: LookupRef = decoded?.type === 'note' ? decoded : { type: 'note', id };
  return <LookedUpNote lookupRef={ref} />;
}
