import { isHex64, pubkeyFromNip19 } from '@swell/nostr';

/** What a bookmark points at: the article coordinate (`kind:pubkey:d`) or the note id. */
export function bookmarkKey(event: {
  id: string;
  kind: number;
  pubkey: string;
  tags: string[][];
}): string {
  if (event.kind >= 30000 && event.kind < 40000) {
    const d = event.tags.find((t) => t[0] === 'd')?.[1] ?? '';
    return `${event.kind}:${event.pubkey}:${d}`;
  }
  return event.id;
}

/** Whether `bookmarks` holds this note or article. */
export function isBookmarked(
  bookmarks: { notes: readonly string[]; articles: readonly string[] },
  event: { id: string; kind: number; pubkey: string; tags: string[][] },
): boolean {
  const key = bookmarkKey(event);
  return key === event.id ? bookmarks.notes.includes(key) : bookmarks.articles.includes(key);
}

/** A public key typed by the user: npub, nprofile (with or without `nostr:`) or hex; else null. */
export function parsePubkeyInput(text: string): string | null {
  const v = text.trim().replace(/^nostr:/i, '');
  if (isHex64(v.toLowerCase())) return v.toLowerCase();
  return pubkeyFromNip19(v) ?? null;
}
