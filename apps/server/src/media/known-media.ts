import type { NostrEvent } from '@swell/nostr';
import { mediaUrls } from '../cache/media-info.ts';
import type { MediaStore, StoredMedia } from './media-store.ts';
import { hashOfUrl } from './media-urls.ts';

/**
 * Uploads held here among the media URLs of some events, by URL: any URL naming a file the
 * Blossom way (`.../<sha256>[.ext]`) whose hash is stored, whatever its host. One query, and
 * none when no URL looks like that.
 */
export async function knownMediaOf(
  media: MediaStore,
  events: Iterable<NostrEvent>,
): Promise<Map<string, StoredMedia>> {
  const hashOf = new Map<string, string>();
  for (const e of events) {
    for (const url of mediaUrls(e)) {
      const named = hashOfUrl(url);
      if (named) hashOf.set(url, named.sha256);
    }
  }
  const out = new Map<string, StoredMedia>();
  if (hashOf.size === 0) return out;
  const stored = await media.getMany([...hashOf.values()]);
  for (const [url, sha] of hashOf) {
    const m = stored.get(sha);
    if (m) out.set(url, m);
  }
  return out;
}
