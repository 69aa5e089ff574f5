import type { SignedEvent } from '@swell/cache-protocol';

/** NIP-31: an event's `alt` summary, if it has one. */
export function altText(event: SignedEvent): string | undefined {
  return event.tags.find((x) => x[0] === 'alt')?.[1]?.trim() || undefined;
}
