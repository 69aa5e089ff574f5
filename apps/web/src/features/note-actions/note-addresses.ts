import { nip19 } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';

/** The `d` tag of an addressable event (long-form articles). */
function identifier(event: SignedEvent): string | undefined {
  return event.tags.find((t) => t[0] === 'd')?.[1];
}

/** The NIP-19 id of a note: `naddr1…` for articles (addressable), else `note1…`. */
export function noteBech32(event: SignedEvent): string {
  const d = identifier(event);
  if (event.kind >= 30000 && event.kind < 40000 && d !== undefined) {
    return nip19.naddrEncode({ kind: event.kind, pubkey: event.pubkey, identifier: d });
  }
  return nip19.noteEncode(event.id);
}

/** The app path of a note's thread (`/e/note1…`, `/e/naddr1…` for articles). */
export function notePath(event: SignedEvent): string {
  return `/e/${noteBech32(event)}`;
}

/** The raw event as JSON, exactly the signed fields. */
export function rawEventJson(event: SignedEvent): string {
  const { id, pubkey, created_at, kind, tags, content, sig } = event;
  return JSON.stringify({ id, pubkey, created_at, kind, tags, content, sig });
}
