import { Suspense } from 'react';
import type { SignedEvent } from '@swell/cache-protocol';
import { lazy } from '@/lib/lazy.ts';

// The renderers of kinds other than text (rich/rich-loader.tsx: polls, picture posts, video
// events, and the `alt` card of any other kind), loaded on first use.
export const RichNote = lazy(() => import('@/components/note/rich/rich-loader.tsx'));

/** NIP-31: an event's `alt` summary, if it has one. */
export function altText(event: SignedEvent): string | undefined {
  return event.tags.find((x) => x[0] === 'alt')?.[1]?.trim() || undefined;
}

/** A note (or a mentioned one) of a kind Swell cannot show: its `alt` text, then the card. */
export function UnknownKind({ event }: { event: SignedEvent }) {
  return (
    <Suspense fallback={<p className="alt-card">{altText(event)}</p>}>
      <RichNote event={event} />
    </Suspense>
  );
}
