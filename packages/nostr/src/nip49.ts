import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { scrypt, scryptAsync } from '@noble/hashes/scrypt.js';
import { concatBytes, randomBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';

/**
 * NIP-49 private key encryption: `ncryptsec1…`, a secret key sealed with a password.
 *
 * symmetric key = scrypt(NFKC(password), salt, N = 2^log_n, r = 8, p = 1, 32 bytes);
 * payload = version 0x02 ‖ log_n ‖ salt (16) ‖ nonce (24) ‖ key security byte ‖
 * XChaCha20-Poly1305(key, nonce, aad = key security byte)(secret key) (48): 91 bytes, bech32.
 *
 * scrypt costs 128 · r · 2^log_n bytes of memory (64 MiB at 16, 1 GiB at 20) and time to match,
 * so the async forms (which yield to the event loop every few milliseconds) are the ones a UI
 * uses; the sync forms are for tests and workers.
 */

export const NCRYPTSEC_PREFIX = 'ncryptsec';
export const NIP49_VERSION = 0x02;

/** NIP-49's key security byte: what is known of how the key was handled before it was sealed. */
export const KeySecurity = {
  /** It was handled insecurely (stored unencrypted, cut and pasted unencrypted, ...). */
  insecure: 0x00,
  /** It is not known to have been handled insecurely. */
  secure: 0x01,
  /** The client does not track this. */
  unknown: 0x02,
} as const;
export type KeySecurityByte = (typeof KeySecurity)[keyof typeof KeySecurity];

/** The log_n written when none is given: NIP-49's first row (64 MiB), nostr-tools' default. */
export const NIP49_DEFAULT_LOG_N = 16;
/**
 * The highest log_n this code opens: 2^20 · 1 KiB is 1 GiB, the most a browser tab can hope to
 * allocate (and @noble/hashes' default limit); the NIP's table goes to 22 (4 GiB).
 */
export const NIP49_MAX_LOG_N = 20;

const PAYLOAD_BYTES = 91;
const SALT_BYTES = 16;
const NONCE_BYTES = 24;
/** 91 bytes in bech32: the prefix, '1', 146 data characters and 6 of checksum. */
const NCRYPTSEC_MAX_CHARS = 200;

export type Nip49ErrorCode =
  /** Not an `ncryptsec` string (bad bech32, prefix or length). */
  | 'not-ncryptsec'
  /** An ncryptsec of a version other than 0x02. */
  | 'unknown-version'
  /** log_n is 0 or above NIP49_MAX_LOG_N (too costly to open here), or out of range to write. */
  | 'bad-log-n'
  /** The key security byte is not 0, 1 or 2. */
  | 'bad-key-security'
  /** The password does not open it (Poly1305 refused the ciphertext). */
  | 'wrong-password'
  /** It opened, but what it holds is not a usable secp256k1 secret key. */
  | 'invalid-key';

export class Nip49Error extends Error {
  readonly code: Nip49ErrorCode;
  constructor(code: Nip49ErrorCode, message: string = code) {
    super(message);
    this.name = 'Nip49Error';
    this.code = code;
  }
}

/** The fields of an ncryptsec, before the password is applied. */
export interface NcryptsecParts {
  version: number;
  logN: number;
  salt: Uint8Array;
  nonce: Uint8Array;
  keySecurity: KeySecurityByte;
  /** The sealed key and its 16-byte tag. */
  ciphertext: Uint8Array;
}

/** An opened ncryptsec. */
export interface DecryptedNcryptsec {
  secretKey: Uint8Array;
  logN: number;
  keySecurity: KeySecurityByte;
}

export interface Nip49EncryptOptions {
  /** 2^logN scrypt rounds; NIP49_DEFAULT_LOG_N by default. */
  logN?: number;
  keySecurity?: KeySecurityByte;
  /** Fixed salt and nonce, for known-answer tests only; random otherwise. */
  salt?: Uint8Array;
  nonce?: Uint8Array;
  /** Async forms: called with the scrypt progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** NIP-49: the password is NFKC-normalised, so it can be typed the same on any device. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** True when the text looks like an ncryptsec (prefix only; `parseNcryptsec` checks the rest). */
export function isNcryptsec(text: string): boolean {
  return (
    typeof text === 'string' &&
    text
      .trim()
      .replace(/^nostr:/i, '')
      .toLowerCase()
      .startsWith(`${NCRYPTSEC_PREFIX}1`)
  );
}

const isKeySecurity = (b: number): b is KeySecurityByte => b === 0 || b === 1 || b === 2;

/** Reads an ncryptsec's fields; throws Nip49Error (`not-ncryptsec`, `unknown-version`, ...). */
export function parseNcryptsec(text: string): NcryptsecParts {
  const t = typeof text === 'string' ? text.trim().replace(/^nostr:/i, '') : '';
  let bytes: Uint8Array;
  try {
    const decoded = bech32.decode(t as `${string}1${string}`, NCRYPTSEC_MAX_CHARS);
    if (decoded.prefix !== NCRYPTSEC_PREFIX) throw new Error('prefix');
    bytes = bech32.fromWords(decoded.words);
  } catch {
    throw new Nip49Error('not-ncryptsec', 'not an ncryptsec');
  }
  if (bytes.length !== PAYLOAD_BYTES) throw new Nip49Error('not-ncryptsec', 'not 91 bytes');
  const version = bytes[0]!;
  if (version !== NIP49_VERSION) throw new Nip49Error('unknown-version', `version ${version}`);
  const logN = bytes[1]!;
  const keySecurity = bytes[2 + SALT_BYTES + NONCE_BYTES]!;
  if (!isKeySecurity(keySecurity)) throw new Nip49Error('bad-key-security');
  return {
    version,
    logN,
    salt: bytes.slice(2, 2 + SALT_BYTES),
    nonce: bytes.slice(2 + SALT_BYTES, 2 + SALT_BYTES + NONCE_BYTES),
    keySecurity,
    ciphertext: bytes.slice(3 + SALT_BYTES + NONCE_BYTES),
  };
}

function checkLogN(logN: number): void {
  if (!Number.isInteger(logN) || logN < 1 || logN > NIP49_MAX_LOG_N)
    throw new Nip49Error('bad-log-n', `log_n ${logN} is outside 1..${NIP49_MAX_LOG_N}`);
}

function scryptOptions(logN: number, onProgress?: (fraction: number) => void) {
  return {
    N: 2 ** logN,
    r: 8,
    p: 1,
    dkLen: 32,
    // 128 · r · N for the work buffer plus the 128 · r · p block: exactly what log_n needs.
    maxmem: 1024 * 2 ** logN + 2048,
    ...(onProgress ? { onProgress } : {}),
  };
}

interface SealInput {
  secretKey: Uint8Array;
  logN: number;
  keySecurity: KeySecurityByte;
  salt: Uint8Array;
  nonce: Uint8Array;
}

function sealInput(secretKey: Uint8Array, options: Nip49EncryptOptions): SealInput {
  if (!(secretKey instanceof Uint8Array) || !secp256k1.utils.isValidSecretKey(secretKey))
    throw new Nip49Error('invalid-key', 'not a secp256k1 secret key');
  const logN = options.logN ?? NIP49_DEFAULT_LOG_N;
  checkLogN(logN);
  const keySecurity = options.keySecurity ?? KeySecurity.unknown;
  if (!isKeySecurity(keySecurity)) throw new Nip49Error('bad-key-security');
  const salt = options.salt ?? randomBytes(SALT_BYTES);
  const nonce = options.nonce ?? randomBytes(NONCE_BYTES);
  if (salt.length !== SALT_BYTES || nonce.length !== NONCE_BYTES)
    throw new Nip49Error('not-ncryptsec', 'salt must be 16 bytes and nonce 24');
  return { secretKey, logN, keySecurity, salt, nonce };
}

function seal(input: SealInput, key: Uint8Array): string {
  const aad = Uint8Array.of(input.keySecurity);
  const ciphertext = xchacha20poly1305(key, input.nonce, aad).encrypt(input.secretKey);
  key.fill(0);
  const payload = concatBytes(
    Uint8Array.of(NIP49_VERSION, input.logN),
    input.salt,
    input.nonce,
    aad,
    ciphertext,
  );
  return bech32.encode(NCRYPTSEC_PREFIX, bech32.toWords(payload), NCRYPTSEC_MAX_CHARS);
}

function open(parts: NcryptsecParts, key: Uint8Array): DecryptedNcryptsec {
  let secretKey: Uint8Array;
  try {
    secretKey = xchacha20poly1305(key, parts.nonce, Uint8Array.of(parts.keySecurity)).decrypt(
      parts.ciphertext,
    );
  } catch {
    throw new Nip49Error('wrong-password', 'the password does not open this key');
  } finally {
    key.fill(0);
  }
  if (!secp256k1.utils.isValidSecretKey(secretKey)) {
    secretKey.fill(0);
    throw new Nip49Error('invalid-key', 'the sealed value is not a secp256k1 secret key');
  }
  return { secretKey, logN: parts.logN, keySecurity: parts.keySecurity };
}

/** Seals a 32-byte secret key (synchronously: blocks for the whole scrypt). */
export function nip49Encrypt(
  secretKey: Uint8Array,
  password: string,
  options: Nip49EncryptOptions = {},
): string {
  const input = sealInput(secretKey, options);
  return seal(
    input,
    scrypt(normalizePassword(password), input.salt, scryptOptions(input.logN, options.onProgress)),
  );
}

/** Seals a secret key, yielding to the event loop while scrypt runs. */
export async function nip49EncryptAsync(
  secretKey: Uint8Array,
  password: string,
  options: Nip49EncryptOptions = {},
): Promise<string> {
  const input = sealInput(secretKey, options);
  const key = await scryptAsync(
    normalizePassword(password),
    input.salt,
    scryptOptions(input.logN, options.onProgress),
  );
  return seal(input, key);
}

/** Opens an ncryptsec (synchronously). Throws Nip49Error; `wrong-password` for a wrong one. */
export function nip49Decrypt(ncryptsec: string, password: string): DecryptedNcryptsec {
  const parts = parseNcryptsec(ncryptsec);
  checkLogN(parts.logN);
  return open(parts, scrypt(normalizePassword(password), parts.salt, scryptOptions(parts.logN)));
}

/** Opens an ncryptsec, yielding to the event loop while scrypt runs. */
export async function nip49DecryptAsync(
  ncryptsec: string,
  password: string,
  options: { onProgress?: (fraction: number) => void } = {},
): Promise<DecryptedNcryptsec> {
  const parts = parseNcryptsec(ncryptsec);
  checkLogN(parts.logN);
  const key = await scryptAsync(
    normalizePassword(password),
    parts.salt,
    scryptOptions(parts.logN, options.onProgress),
  );
  return open(parts, key);
}
