import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';

const utf8 = new TextEncoder();

/**
 * A secret key derived from a public label. Every devnet key is derived this way, so the keys
 * are the same on every machine and anyone can recompute them: never use them for real funds.
 */
export function deriveSecretKey(label: string): Uint8Array {
  for (let counter = 0; ; counter++) {
    const candidate = sha256(utf8.encode(`swell-devnet:${label}:${counter}`));
    if (secp256k1.utils.isValidSecretKey(candidate)) return candidate;
  }
}

export function publicKeyHex(secretKey: Uint8Array): string {
  return bytesToHex(schnorr.getPublicKey(secretKey));
}

/** NIP-19 bech32 of a 32-byte key or id (`npub`, `nsec`, `note`). */
export function bech32Key(
  prefix: 'npub' | 'nsec' | 'note',
  bytesOrHex: Uint8Array | string,
): string {
  const bytes =
    typeof bytesOrHex === 'string' ? Uint8Array.from(Buffer.from(bytesOrHex, 'hex')) : bytesOrHex;
  return bech32.encode(prefix, bech32.toWords(bytes), false);
}

/** The LNURL service's key: it signs zap receipts and is served as `nostrPubkey`. */
export const lnurlServiceSecretKey = deriveSecretKey('lnurl-service');
export const lnurlServicePubkey = publicKeyHex(lnurlServiceSecretKey);

/** The devnet lightning node's key: it signs every invoice the sandbox issues. */
export const lightningNodeSecretKey = deriveSecretKey('lightning-node');
