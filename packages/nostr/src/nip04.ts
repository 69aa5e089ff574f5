import { cbc } from '@noble/ciphers/aes.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { sharedX } from './ecdh.ts';

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

const PAYLOAD = /^([A-Za-z0-9+/]+={0,2})\?iv=([A-Za-z0-9+/]+={0,2})(?:-null)?$/;

/** True for `base64?iv=base64` (Amethyst's trailing `-null` tolerated). */
export function isNip04Payload(payload: string): boolean {
  return typeof payload === 'string' && PAYLOAD.test(payload);
}

/** NIP-04 shared key: the raw ECDH x coordinate (not hashed). */
export function nip04SharedKey(secretKey: Uint8Array, pubkey: string): Uint8Array {
  return sharedX(secretKey, pubkey);
}

/**
 * Encrypts for `pubkey` (AES-256-CBC): `base64(ciphertext)?iv=base64(iv)`. The IV is random
 * unless given (16 bytes; a seeded generator passes one for byte-identical output).
 */
export function nip04Encrypt(
  secretKey: Uint8Array,
  pubkey: string,
  plaintext: string,
  iv: Uint8Array = randomBytes(16),
): string {
  if (!(iv instanceof Uint8Array) || iv.length !== 16)
    throw new Error('NIP-04 iv must be 16 bytes');
  const key = nip04SharedKey(secretKey, pubkey);
  const ciphertext = cbc(key, iv).encrypt(utf8Encoder.encode(plaintext));
  return `${base64.encode(ciphertext)}?iv=${base64.encode(iv)}`;
}

/** Decrypts a NIP-04 payload from `pubkey`. Throws an Error with a clear message on failure. */
export function nip04Decrypt(secretKey: Uint8Array, pubkey: string, payload: string): string {
  const m = typeof payload === 'string' ? PAYLOAD.exec(payload.trim()) : null;
  if (!m) throw new Error('not a NIP-04 payload');
  let ciphertext: Uint8Array;
  let iv: Uint8Array;
  try {
    ciphertext = base64.decode(m[1]!);
    iv = base64.decode(m[2]!);
  } catch {
    throw new Error('invalid base64 in NIP-04 payload');
  }
  if (iv.length !== 16) throw new Error('NIP-04 iv must be 16 bytes');
  if (ciphertext.length === 0 || ciphertext.length % 16 !== 0)
    throw new Error('invalid NIP-04 ciphertext length');
  const key = nip04SharedKey(secretKey, pubkey);
  let plain: Uint8Array;
  try {
    plain = cbc(key, iv).decrypt(ciphertext);
  } catch {
    throw new Error('NIP-04 decryption failed');
  }
  try {
    return utf8Decoder.decode(plain);
  } catch {
    throw new Error('NIP-04 plaintext is not UTF-8');
  }
}
