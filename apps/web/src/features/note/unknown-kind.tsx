import { Suspense } from 'react';
import type { SignedEvent } from '@swell/cache-protocol';
import { lazy } from '@/lib/lazy.ts';
import { altText } from '@/features/note/alt-text.ts';

// The renderers of kinds other than text (rich/rich-loader.tsx: polls, picture posts, video
// events, and the `alt` card of any other kind), loaded on first use.
export const RichNote = lazy(() => import('@/features/note/rich/rich-loader.tsx'));

/** A note (or a mentioned one) of a kind Swell cannot show: its `alt` text, then the card. */
export function UnknownKind({ event }: { event: SignedEvent }) {
  return (
    <Suspense fallback={<p className="alt-card">{altText(event)}</p>}>
      <RichNote event={event} />
    </Suspense>
  );
}
