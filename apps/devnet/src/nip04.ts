import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createCipheriv, createDecipheriv } from 'node:crypto';

const cache = new Map<string, Uint8Array>();

/** The ECDH x coordinate; remembered per key pair (a conversation reuses it for every message). */
function sharedKey(secretKey: Uint8Array, pubkey: string): Uint8Array {
  const id = `${Buffer.from(secretKey).toString('hex')}:${pubkey}`;
  let key = cache.get(id);
  if (!key) {
    if (cache.size > 10_000) cache.clear();
    key = computeSharedKey(secretKey, pubkey);
    cache.set(id, key);
  }
  return key;
}

function computeSharedKey(secretKey: Uint8Array, pubkey: string): Uint8Array {
  return secp256k1
    .getSharedSecret(secretKey, Uint8Array.from(Buffer.from(`02${pubkey}`, 'hex')))
    .subarray(1, 33);
}

/** NIP-04: AES-256-CBC over the ECDH x coordinate, `base64?iv=base64`; the IV is given (deterministic). */
export function nip04Encrypt(
  secretKey: Uint8Array,
  pubkey: string,
  text: string,
  iv: Uint8Array,
): string {
  const cipher = createCipheriv('aes-256-cbc', sharedKey(secretKey, pubkey), iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${data.toString('base64')}?iv=${Buffer.from(iv).toString('base64')}`;
}

export function nip04Decrypt(secretKey: Uint8Array, pubkey: string, payload: string): string {
  const [data, iv] = payload.split('?iv=');
  if (!data || !iv) throw new Error('not a NIP-04 payload');
  const decipher = createDecipheriv(
    'aes-256-cbc',
    sharedKey(secretKey, pubkey),
    Buffer.from(iv, 'base64'),
  );
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}
