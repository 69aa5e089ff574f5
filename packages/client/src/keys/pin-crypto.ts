import { ClientError } from '../errors.ts';
import { isPinEncrypted, legacyPinPrefix, pinPrefix } from './key-names.ts';

/**
 * PIN protection of a stored secret key.
 *
 * Written: `swpin1:<iterations>:<b64 salt>:<b64 iv>:<b64 ciphertext>` = AES-256-GCM with a key
 * from PBKDF2-SHA-256 (600,000 iterations by default, 16-byte random salt). GCM's tag makes a
 * wrong PIN fail cleanly.
 * Read as well: the reference format `prpec<b64 ciphertext>?iv=<b64 iv>` = AES-CBC with
 * key SHA-256(PIN) (cache-protocol doc section 10), so keys saved by the reference client load.
 */
export { isPinEncrypted, legacyPinPrefix, pinPrefix };
export const defaultPinIterations = 600_000;
/** A stored value asking for more is refused as malformed (it would freeze the unlock). */
export const maxPinIterations = 10_000_000;

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new ClientError('not-secure-env', 'WebCrypto is not available');
  return s;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  let raw: string;
  try {
    raw = atob(text);
  } catch {
    throw new ClientError('bad-cipher', 'not base64');
  }
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const utf8 = new TextEncoder();

async function pbkdf2Key(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const base = await subtle().importKey('raw', utf8.encode(pin), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function encryptWithPin(
  pin: string,
  plaintext: string,
  iterations = defaultPinIterations,
): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const key = await pbkdf2Key(pin, salt, iterations);
  const ct = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv }, key, utf8.encode(plaintext)),
  );
  return `${pinPrefix}${iterations}:${toBase64(salt)}:${toBase64(iv)}:${toBase64(ct)}`;
}

/** Decrypts either format. A wrong PIN is `pin-wrong`; a malformed value is `bad-cipher`. */
export async function decryptWithPin(pin: string, value: string): Promise<string> {
  if (value.startsWith(pinPrefix)) {
    const parts = value.slice(pinPrefix.length).split(':');
    const iterations = Number(parts[0]);
    if (
      parts.length !== 4 ||
      !Number.isInteger(iterations) ||
      iterations < 1 ||
      iterations > maxPinIterations
    ) {
      throw new ClientError('bad-cipher', 'malformed PIN-protected key');
    }
    const [salt, iv, ct] = parts.slice(1).map(fromBase64) as [
      Uint8Array<ArrayBuffer>,
      Uint8Array<ArrayBuffer>,
      Uint8Array<ArrayBuffer>,
    ];
    const key = await pbkdf2Key(pin, salt, iterations);
    try {
      return new TextDecoder().decode(await subtle().decrypt({ name: 'AES-GCM', iv }, key, ct));
    } catch {
      throw new ClientError('pin-wrong');
    }
  }
  if (value.startsWith(legacyPinPrefix)) {
    const [ctText, ivText] = value.slice(legacyPinPrefix.length).split('?iv=');
    if (!ctText || !ivText) throw new ClientError('bad-cipher', 'malformed prpec value');
    const ct = fromBase64(ctText);
    const iv = fromBase64(ivText);
    const digest = await subtle().digest('SHA-256', utf8.encode(pin));
    const key = await subtle().importKey('raw', digest, 'AES-CBC', false, ['decrypt']);
    try {
      const plain = await subtle().decrypt({ name: 'AES-CBC', iv }, key, ct);
      return new TextDecoder('utf-8', { fatal: true }).decode(plain);
    } catch {
      // CBC has no tag: a wrong PIN shows up as bad padding or garbage (checked by the caller).
      throw new ClientError('pin-wrong');
    }
  }
  throw new ClientError('bad-cipher', 'not a PIN-protected value');
}
