import { Suspense, useEffect, useRef, useState } from 'react';
import type { SignedEvent } from '@swell/cache-protocol';
import { NoteContent } from '@/features/note/note-content.tsx';
import { imageBox } from '@/features/note/image-box.ts';
import { imetaDims } from '@/features/note/imeta.ts';
import { richKinds, textKinds } from '@/features/note/note-kinds.ts';
import { RichNote, UnknownKind } from '@/features/note/unknown-kind.tsx';

/**
 * A poll, picture post or video event: the renderer loads when the note comes within a screen of
 * the viewport (a feed whose first screen has none does not fetch it).
 */
function RichBody({ event }: { event: SignedEvent }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  // While the renderer loads: what it will show, in its order (a picture post's or video's title,
  // the box its pictures (2 side by side, 3-4 a square) or video will take, then the text; a
  // poll's question first), so nothing moves when it arrives.
  const pictures = event.kind === 20 ? event.tags.filter((t) => t[0] === 'imeta').length : 0;
  const dim = [...imetaDims(event.tags).values()][0];
  const box = dim && imageBox(dim.w, dim.h);
  const media = event.kind !== 1068 && event.kind !== 6969;
  const title = media ? event.tags.find((t) => t[0] === 'title')?.[1]?.trim() : undefined;
  const fallback = (
    <>
      {title && <p className="rich-title">{title}</p>}
      {!media && <NoteContent event={event} />}
      {(pictures > 1 || box) && (
        <div
          className="rich-placeholder"
          data-pictures={Math.min(pictures, 3)}
          style={
            box && pictures < 2
              ? { width: box.width, aspectRatio: box.width / box.height }
              : undefined
          }
        />
      )}
      {media && event.content.trim() !== '' && <NoteContent event={event} />}
    </>
  );
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={fallback}>
          <RichNote event={event} />
        </Suspense>
      ) : (
        fallback
      )}
    </div>
  );
}

/** A note's body: its text, the renderer of its kind, or a NIP-31 `alt` card for other kinds. */
export function NoteBody({ event }: { event: SignedEvent }) {
  if (textKinds.has(event.kind)) return <NoteContent event={event} />;
  if (richKinds.has(event.kind)) return <RichBody event={event} />;
  return <UnknownKind event={event} />;
}
