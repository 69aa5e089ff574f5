import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { isHex64 } from './hex.ts';

/**
 * The x coordinate of the ECDH point between a secret key and an x-only public key (the
 * public key is taken with an even y, as NIP-04 and NIP-44 do). Throws on invalid keys.
 */
export function sharedX(secretKey: Uint8Array, pubkey: string): Uint8Array {
  if (!isHex64(pubkey)) throw new Error('public key must be 64 lowercase hex');
  return secp256k1.getSharedSecret(secretKey, hexToBytes(`02${pubkey}`)).subarray(1, 33);
}
