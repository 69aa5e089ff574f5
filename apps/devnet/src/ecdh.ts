import { createECDH } from 'node:crypto';

const cache = new Map<string, Uint8Array>();

/**
 * The x coordinate of secretKey · P (P = the even-y point of the x-only `pubkey`), the shared
 * secret of NIP-04 and NIP-44. Native (OpenSSL) and remembered per key pair: a conversation
 * reuses it for every message.
 */
export function sharedX(secretKey: Uint8Array, pubkey: string): Uint8Array {
  const id = `${Buffer.from(secretKey).toString('hex')}:${pubkey}`;
  let x = cache.get(id);
  if (!x) {
    if (cache.size > 10_000) cache.clear();
    const ecdh = createECDH('secp256k1');
    ecdh.setPrivateKey(secretKey);
    x = new Uint8Array(ecdh.computeSecret(Buffer.from(`02${pubkey}`, 'hex')));
    cache.set(id, x);
  }
  return x;
}
