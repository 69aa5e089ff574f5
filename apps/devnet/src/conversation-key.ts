import { extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { sharedX } from './ecdh.ts';

const utf8 = new TextEncoder();
const cache = new Map<string, Uint8Array>();

/**
 * The NIP-44 v2 conversation key (HKDF-extract, salt "nip44-v2", of the ECDH x coordinate), the
 * same as @swell/nostr's getConversationKey but over native ECDH and remembered per key pair:
 * the generator seals many messages per conversation. Encryption itself is @swell/nostr's.
 */
export function conversationKey(secretKey: Uint8Array, pubkey: string): Uint8Array {
  const id = `${bytesToHex(secretKey)}:${pubkey}`;
  let key = cache.get(id);
  if (!key) {
    if (cache.size > 10_000) cache.clear();
    key = extract(sha256, sharedX(secretKey, pubkey), utf8.encode('nip44-v2'));
    cache.set(id, key);
  }
  return key;
}
