import { getPublicKey, nip19, parseSecretKey } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import type { StorageLike } from '../storage/storage.ts';
import {
  decryptWithPin,
  defaultPinIterations,
  encryptWithPin,
  isPinEncrypted,
  legacyPinPrefix,
} from './pin-crypto.ts';

import { keyStorageKeys, remoteSignerStorageKey } from './key-names.ts';

export { keyStorageKeys } from './key-names.ts';

/** Spec section 5: a PIN has at least 4 characters and both entries must match. */
export function validatePin(pin: string, confirmation?: string): void {
  if (typeof pin !== 'string' || [...pin].length < 4) throw new ClientError('pin-too-short');
  if (confirmation !== undefined && pin !== confirmation) throw new ClientError('pin-mismatch');
}

/** A pasted secret key must decode as an nsec (`invalid-nsec` otherwise). */
export function parseNsec(text: string): Uint8Array {
  try {
    return parseSecretKey(text);
  } catch {
    throw new ClientError('invalid-nsec');
  }
}

/** A stored secret: an nsec, or (older stores) 64 hex characters of a usable key. */
function decodeStoredSecret(text: string): Uint8Array | null {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) {
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) out[i] = parseInt(t.slice(i * 2, i * 2 + 2), 16);
    try {
      getPublicKey(out); // zero or not below the curve order: not a key
      return out;
    } catch {
      return null;
    }
  }
  try {
    return parseSecretKey(t);
  } catch {
    return null;
  }
}

export interface KeyStoreOptions {
  /** PBKDF2 iterations for new PIN-protected keys (600,000 by default). */
  pinIterations?: number;
}

/**
 * The user's keys in local storage. With a PIN, ONLY the encrypted secret is stored; without,
 * the nsec is stored as is. Errors are `ClientError`s: invalid-nsec, pin-too-short,
 * pin-mismatch, pin-wrong, pin-required, no-stored-key, bad-cipher.
 */
export class KeyStore {
  private readonly storage: StorageLike;
  private readonly iterations: number;

  constructor(storage: StorageLike, options: KeyStoreOptions = {}) {
    this.storage = storage;
    this.iterations = options.pinIterations ?? defaultPinIterations;
  }

  storedPubkey(): string | null {
    const pk = this.storage.getItem(keyStorageKeys.pubkey);
    return pk && /^[0-9a-f]{64}$/.test(pk) ? pk : null;
  }

  setStoredPubkey(pubkey: string | null): void {
    if (pubkey) this.storage.setItem(keyStorageKeys.pubkey, pubkey);
    else this.storage.removeItem(keyStorageKeys.pubkey);
  }

  hasSecret(): boolean {
    return !!this.storage.getItem(keyStorageKeys.secret);
  }

  /** True when the stored secret needs a PIN. */
  isLocked(): boolean {
    return isPinEncrypted(this.storage.getItem(keyStorageKeys.secret));
  }

  /**
   * Saves a pasted nsec (login). With `pin` (already validated against its confirmation by
   * `validatePin`), the secret is stored encrypted only.
   */
  async saveSecret(
    nsecText: string,
    pin?: string,
  ): Promise<{ pubkey: string; secretKey: Uint8Array }> {
    const secretKey = parseNsec(nsecText);
    if (pin !== undefined) validatePin(pin);
    const nsec = nip19.nsecEncode(secretKey);
    const stored = pin === undefined ? nsec : await encryptWithPin(pin, nsec, this.iterations);
    const pubkey = getPublicKey(secretKey);
    this.storage.setItem(keyStorageKeys.secret, stored);
    this.setStoredPubkey(pubkey);
    return { pubkey, secretKey };
  }

  /** Protects the stored plain secret with a PIN (replacing it by its encrypted form). */
  async setPin(pin: string, confirmation: string): Promise<void> {
    validatePin(pin, confirmation);
    const secretKey = this.readPlainSecret();
    if (!secretKey) throw new ClientError('no-stored-key');
    const stored = await encryptWithPin(pin, nip19.nsecEncode(secretKey), this.iterations);
    this.storage.setItem(keyStorageKeys.secret, stored);
  }

  /** The stored secret when it is not PIN-protected; null when there is none. */
  readPlainSecret(): Uint8Array | null {
    const value = this.storage.getItem(keyStorageKeys.secret);
    if (!value) return null;
    if (isPinEncrypted(value)) throw new ClientError('pin-required');
    const sk = decodeStoredSecret(value);
    if (!sk) throw new ClientError('invalid-nsec', 'the stored secret key is unreadable');
    return sk;
  }

  /**
   * Decrypts the stored secret with the PIN (`pin-wrong` when it does not open it). A key in
   * the reference's `prpec` format is re-encrypted with the stronger scheme on success.
   */
  async unlock(pin: string): Promise<{ pubkey: string; secretKey: Uint8Array }> {
    const value = this.storage.getItem(keyStorageKeys.secret);
    if (!value) throw new ClientError('no-stored-key');
    if (!isPinEncrypted(value)) throw new ClientError('bad-cipher', 'the stored key has no PIN');
    const plain = await decryptWithPin(pin, value);
    const secretKey = decodeStoredSecret(plain);
    if (!secretKey) throw new ClientError('pin-wrong');
    const pubkey = getPublicKey(secretKey);
    if (value.startsWith(legacyPinPrefix)) {
      const upgraded = await encryptWithPin(pin, nip19.nsecEncode(secretKey), this.iterations);
      this.storage.setItem(keyStorageKeys.secret, upgraded);
    }
    this.setStoredPubkey(pubkey);
    return { pubkey, secretKey };
  }

  /** Forgot PIN: the protected secret cannot be opened any more, so it and the key go. */
  forgetPin(): void {
    this.logout();
  }

  /** Logout clears the secret, the public key and a remote signer's session. */
  logout(): void {
    this.storage.removeItem(keyStorageKeys.secret);
    this.storage.removeItem(keyStorageKeys.pubkey);
    this.storage.removeItem(remoteSignerStorageKey);
  }
}
