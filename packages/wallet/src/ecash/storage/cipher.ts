import { base64 } from '@scure/base';

/**
 * Encryption at rest for the wallet's records: a pair of functions over strings. The wallet never
 * sees the key; the client builds the cipher after the user unlocks (see README "PIN protection").
 */
export interface Cipher {
  encrypt(plaintext: string): Promise<string>;
  /** Throws when the ciphertext was not made with this key (or was tampered with). */
  decrypt(ciphertext: string): Promise<string>;
}

/** Prefix of values written by `aesGcmCipher`. */
export const SEALED_PREFIX = 'swenc1:';

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available');
  return s;
}

/** 32 random bytes: a fresh data key for `aesGcmCipher`. */
export function generateStorageKey(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(32));
}

/**
 * AES-256-GCM with a random 12-byte IV per value: `swenc1:<b64 iv>:<b64 ciphertext+tag>`. The key is
 * 32 raw bytes or a non-extractable AES-GCM `CryptoKey`.
 */
export async function aesGcmCipher(key: Uint8Array | CryptoKey): Promise<Cipher> {
  const cryptoKey =
    key instanceof Uint8Array
      ? await importKey(key)
      : key.algorithm.name === 'AES-GCM'
        ? key
        : (() => {
            throw new Error('the storage key must be an AES-GCM key');
          })();
  return {
    async encrypt(plaintext) {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const ct = new Uint8Array(
        await subtle().encrypt({ name: 'AES-GCM', iv }, cryptoKey, utf8.encode(plaintext)),
      );
      return `${SEALED_PREFIX}${base64.encode(iv)}:${base64.encode(ct)}`;
    },
    async decrypt(value) {
      if (!value.startsWith(SEALED_PREFIX)) throw new Error('not an encrypted wallet record');
      const [ivText, ctText] = value.slice(SEALED_PREFIX.length).split(':');
      if (!ivText || !ctText) throw new Error('malformed encrypted wallet record');
      const iv = Uint8Array.from(base64.decode(ivText));
      const ct = Uint8Array.from(base64.decode(ctText));
      const plain = await subtle().decrypt({ name: 'AES-GCM', iv }, cryptoKey, ct);
      return utf8Decoder.decode(plain);
    },
  };
}

async function importKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.length !== 32) throw new Error('the storage key must be 32 bytes');
  return subtle().importKey('raw', Uint8Array.from(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
}
