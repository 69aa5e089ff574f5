import { chacha20 } from '@noble/ciphers/chacha.js';
import { equalBytes } from '@noble/ciphers/utils.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { sharedX } from './ecdh.ts';

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

const cache = new Map<string, Uint8Array>();

/** NIP-44 v2 conversation key: HKDF-extract(salt "nip44-v2", ECDH x); remembered per key pair. */
export function conversationKey(secretKey: Uint8Array, pubkey: string): Uint8Array {
  const id = `${bytesToHex(secretKey)}:${pubkey}`;
  let key = cache.get(id);
  if (!key) {
    if (cache.size > 10_000) cache.clear();
    key = computeConversationKey(secretKey, pubkey);
    cache.set(id, key);
  }
  return key;
}

function computeConversationKey(secretKey: Uint8Array, pubkey: string): Uint8Array {
  const shared = sharedX(secretKey, pubkey);
  return extract(sha256, shared, utf8.encode('nip44-v2'));
}

function paddedLength(len: number): number {
  if (len <= 32) return 32;
  const nextPower = 1 << (Math.floor(Math.log2(len - 1)) + 1);
  const chunk = nextPower <= 256 ? 32 : nextPower / 8;
  return chunk * (Math.floor((len - 1) / chunk) + 1);
}

function messageKeys(key: Uint8Array, nonce: Uint8Array) {
  const k = expand(sha256, key, nonce, 76);
  return {
    chachaKey: k.subarray(0, 32),
    chachaNonce: k.subarray(32, 44),
    hmacKey: k.subarray(44, 76),
  };
}

/** NIP-44 v2 encryption with a given 32-byte nonce (deterministic demo data). */
export function nip44Encrypt(text: string, key: Uint8Array, nonce: Uint8Array): string {
  const plain = utf8.encode(text);
  if (plain.length < 1 || plain.length > 65535)
    throw new Error('NIP-44 plaintext must be 1 to 65535 bytes');
  const padded = new Uint8Array(2 + paddedLength(plain.length));
  new DataView(padded.buffer).setUint16(0, plain.length);
  padded.set(plain, 2);
  const { chachaKey, chachaNonce, hmacKey } = messageKeys(key, nonce);
  const cipher = chacha20(chachaKey, chachaNonce, padded);
  const mac = hmac(sha256, hmacKey, new Uint8Array([...nonce, ...cipher]));
  return base64.encode(new Uint8Array([2, ...nonce, ...cipher, ...mac]));
}

export function nip44Decrypt(payload: string, key: Uint8Array): string {
  const data = base64.decode(payload);
  if (data[0] !== 2) throw new Error('unknown NIP-44 version');
  const nonce = data.subarray(1, 33);
  const cipher = data.subarray(33, data.length - 32);
  const mac = data.subarray(data.length - 32);
  const { chachaKey, chachaNonce, hmacKey } = messageKeys(key, nonce);
  if (!equalBytes(hmac(sha256, hmacKey, new Uint8Array([...nonce, ...cipher])), mac)) {
    throw new Error('invalid NIP-44 MAC');
  }
  const padded = chacha20(chachaKey, chachaNonce, cipher);
  const len = new DataView(padded.buffer, padded.byteOffset).getUint16(0);
  return utf8Decoder.decode(padded.subarray(2, 2 + len));
}
