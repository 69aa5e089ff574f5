import type { SignedEvent } from '@swell/cache-protocol';
import { lazy } from '@/lib/lazy.ts';
import { richKinds } from '@/features/note/note-kinds.ts';

// A step between the note card and the renderers of other kinds: the lists of files they need
// (which the build puts beside every dynamic import, to fetch them together) live in this small
// chunk instead of in the first load's.
const RichNote = lazy(() => import('@/features/note/rich/rich-note.tsx'));
const AltCard = lazy(() => import('@/features/note/alt-card.tsx'));

/** A poll's, picture post's or video event's renderer; the `alt` card for any other kind. */
export default function RichLoader({ event }: { event: SignedEvent }) {
  return richKinds.has(event.kind) ? <RichNote event={event} /> : <AltCard event={event} />;
}
