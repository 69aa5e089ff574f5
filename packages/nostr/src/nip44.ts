import { chacha20 } from '@noble/ciphers/chacha.js';
import { equalBytes } from '@noble/ciphers/utils.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, randomBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { sharedX } from './ecdh.ts';

/** Client-spec section 5 limits. */
export const NIP44_LIMITS = {
  minPayloadChars: 132,
  maxPayloadChars: 87472,
  minPlaintextBytes: 1,
  maxPlaintextBytes: 65535,
} as const;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const SALT = utf8Encoder.encode('nip44-v2');

export class Nip44Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Nip44Error';
  }
}

/** The conversation key between a secret key and a peer's x-only public key. */
export function getConversationKey(secretKey: Uint8Array, pubkey: string): Uint8Array {
  return extract(sha256, sharedX(secretKey, pubkey), SALT);
}

/** The per-message ChaCha20 key and nonce and the HMAC key. */
export function getMessageKeys(
  conversationKey: Uint8Array,
  nonce: Uint8Array,
): { chachaKey: Uint8Array; chachaNonce: Uint8Array; hmacKey: Uint8Array } {
  if (conversationKey.length !== 32) throw new Nip44Error('invalid conversation key length');
  if (nonce.length !== 32) throw new Nip44Error('invalid nonce length');
  const keys = expand(sha256, conversationKey, nonce, 76);
  return {
    chachaKey: keys.subarray(0, 32),
    chachaNonce: keys.subarray(32, 44),
    hmacKey: keys.subarray(44, 76),
  };
}

/** The padded length of a plaintext of `length` bytes. */
export function calcPaddedLen(length: number): number {
  if (!Number.isSafeInteger(length) || length < 1)
    throw new Nip44Error('expected positive integer');
  if (length <= 32) return 32;
  const nextPower = 1 << (Math.floor(Math.log2(length - 1)) + 1);
  const chunk = nextPower <= 256 ? 32 : nextPower / 8;
  return chunk * (Math.floor((length - 1) / chunk) + 1);
}

function pad(plaintext: string): Uint8Array {
  const bytes = utf8Encoder.encode(plaintext);
  const length = bytes.length;
  if (length < NIP44_LIMITS.minPlaintextBytes || length > NIP44_LIMITS.maxPlaintextBytes) {
    throw new Nip44Error('invalid plaintext size: must be between 1 and 65535 bytes');
  }
  const out = new Uint8Array(2 + calcPaddedLen(length));
  out[0] = length >> 8;
  out[1] = length & 255;
  out.set(bytes, 2);
  return out;
}

function unpad(padded: Uint8Array): string {
  const length = (padded[0]! << 8) | padded[1]!;
  if (
    length < NIP44_LIMITS.minPlaintextBytes ||
    length > NIP44_LIMITS.maxPlaintextBytes ||
    padded.length !== 2 + calcPaddedLen(length)
  ) {
    throw new Nip44Error('invalid padding');
  }
  try {
    return utf8Decoder.decode(padded.subarray(2, 2 + length));
  } catch {
    throw new Nip44Error('invalid padding');
  }
}

function mac(key: Uint8Array, nonce: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  return hmac(sha256, key, concatBytes(nonce, ciphertext));
}

/**
 * NIP-44 v2 encryption. `nonce` (32 bytes) is random unless given (test vectors, seeded
 * generators that need byte-identical output). Throws Nip44Error.
 */
export function nip44Encrypt(
  plaintext: string,
  conversationKey: Uint8Array,
  nonce: Uint8Array = randomBytes(32),
): string {
  const { chachaKey, chachaNonce, hmacKey } = getMessageKeys(conversationKey, nonce);
  const ciphertext = chacha20(chachaKey, chachaNonce, pad(plaintext));
  return base64.encode(
    concatBytes(Uint8Array.of(2), nonce, ciphertext, mac(hmacKey, nonce, ciphertext)),
  );
}

/** NIP-44 v2 decryption with the payload limits of section 5. Throws Nip44Error. */
export function nip44Decrypt(payload: string, conversationKey: Uint8Array): string {
  if (typeof payload !== 'string') throw new Nip44Error('payload must be a string');
  const length = payload.length;
  if (length === 0 || payload[0] === '#') throw new Nip44Error('unknown encryption version');
  if (length < NIP44_LIMITS.minPayloadChars || length > NIP44_LIMITS.maxPayloadChars) {
    throw new Nip44Error(`invalid payload length: ${length}`);
  }
  let data: Uint8Array;
  try {
    data = base64.decode(payload);
  } catch {
    throw new Nip44Error('invalid base64');
  }
  if (data.length < 99 || data.length > 65603)
    throw new Nip44Error(`invalid data length: ${data.length}`);
  if (data[0] !== 2) throw new Nip44Error(`unknown encryption version ${data[0]}`);
  const nonce = data.subarray(1, 33);
  const ciphertext = data.subarray(33, data.length - 32);
  const tag = data.subarray(data.length - 32);
  const { chachaKey, chachaNonce, hmacKey } = getMessageKeys(conversationKey, nonce);
  if (!equalBytes(mac(hmacKey, nonce, ciphertext), tag)) throw new Nip44Error('invalid MAC');
  return unpad(chacha20(chachaKey, chachaNonce, ciphertext));
}

/** Convenience: encrypt from a secret key to a peer's public key (`nonce` as in nip44Encrypt). */
export function nip44EncryptTo(
  secretKey: Uint8Array,
  pubkey: string,
  plaintext: string,
  nonce?: Uint8Array,
): string {
  return nip44Encrypt(plaintext, getConversationKey(secretKey, pubkey), nonce);
}

/** Convenience: decrypt a payload from a peer's public key. */
export function nip44DecryptFrom(secretKey: Uint8Array, pubkey: string, payload: string): string {
  return nip44Decrypt(payload, getConversationKey(secretKey, pubkey));
}
