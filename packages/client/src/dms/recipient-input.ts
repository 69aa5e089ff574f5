import { pubkeyFromNip19 } from '@swell/nostr';
import { isNip05Identifier } from '../account/internet-identifier.ts';

/**
 * What a person typed or pasted as a new message's recipient: a key (npub, nprofile, hex, with
 * or without `nostr:`), a NIP-05 address to look up, or a name to search for.
 */
export type RecipientInput =
  | { type: 'empty' }
  | { type: 'pubkey'; pubkey: string }
  | { type: 'nip05'; address: string }
  | { type: 'name'; query: string };

export function parseRecipientInput(text: string): RecipientInput {
  const t = text.trim();
  if (!t) return { type: 'empty' };
  const bare = t.replace(/^nostr:/i, '');
  if (/^[0-9a-f]{64}$/i.test(bare)) return { type: 'pubkey', pubkey: bare.toLowerCase() };
  const pubkey = pubkeyFromNip19(bare);
  if (pubkey) return { type: 'pubkey', pubkey };
  // A bare domain is a NIP-05 root name too, but as typed text it is far likelier a name.
  if (bare.includes('@') && !bare.startsWith('@') && isNip05Identifier(bare))
    return { type: 'nip05', address: bare.toLowerCase() };
  // Spec section 5: an npub that does not decode is searched for as text.
  return { type: 'name', query: t.replace(/^@/, '') };
}
