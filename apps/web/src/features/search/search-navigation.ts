import { nip19 } from '@swell/nostr';
import { searchTarget } from '@swell/client';

/**
 * Where a search box entry goes (spec section 5): a pasted npub/nprofile opens the profile, a
 * note/nevent the thread, an naddr the article, anything else `/search/:query`. Null when empty.
 */
export function searchPath(input: string): string | null {
  const target = searchTarget(input);
  switch (target.type) {
    case 'empty':
      return null;
    case 'profile':
      return `/p/${nip19.npubEncode(target.pubkey)}`;
    case 'note':
      return `/e/${nip19.noteEncode(target.id)}`;
    case 'article':
      return `/e/${target.naddr}`;
    case 'text':
      return `/search/${encodeURIComponent(target.query)}`;
  }
}
