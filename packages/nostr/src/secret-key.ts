import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Nip19Error, tryDecode } from './nip19.ts';

// Kept apart from nip19.ts so that screens which only link npubs and notes do not pull the
// elliptic-curve code into their bundle.

/**
 * Reads a pasted secret key: it must decode as an nsec (surrounding whitespace and a
 * `nostr:` prefix are tolerated) holding a usable key (1 to n-1, as a secret key must be).
 * Throws Nip19Error with code 'invalid-nsec' otherwise.
 */
export function parseSecretKey(input: string): Uint8Array {
  const text = typeof input === 'string' ? input.trim().replace(/^nostr:/i, '') : '';
  const entity = tryDecode(text);
  if (entity?.type !== 'nsec' || !secp256k1.utils.isValidSecretKey(entity.data))
    throw new Nip19Error('invalid-nsec', 'invalid-nsec');
  return entity.data;
}
