import type { ClientError } from '../errors.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { detectExtension } from './detect-extension.ts';
import { ExtensionSigner } from './extension-signer.ts';
import { LocalKeySigner } from './local-key-signer.ts';
import type { Nip07, Signer } from './signer.ts';

export interface LoginState {
  /** The user's public key (hex), or null for a guest. */
  pubkey: string | null;
  /** Who signs; null when read-only (stored pubkey only, guest, or PIN still needed). */
  signer: Signer | null;
  /** A PIN-protected key is stored: show the PIN prompt, then call `unlockWithPin`. */
  needsPin: boolean;
  source: 'extension' | 'local-key' | 'stored-pubkey' | 'none';
}

export interface ResolveLoginOptions {
  keyStore: KeyStore;
  /** Finds the NIP-07 extension; defaults to `detectExtension()` (4 tries, 250 ms apart). */
  detect?: () => Promise<Nip07 | null>;
  /** Called at once with the stored public key, so the app can render before detection ends. */
  onStoredPubkey?: (pubkey: string | null) => void;
}

/**
 * The login sequence of spec section 4: the stored public key first, then the signer
 * extension, then the stored secret key (or the PIN prompt when it is protected).
 * A key fetch error from the extension clears the stored public key.
 */
export async function resolveLogin(options: ResolveLoginOptions): Promise<LoginState> {
  const { keyStore } = options;
  const stored = keyStore.storedPubkey();
  options.onStoredPubkey?.(stored);

  const ext = await (options.detect ?? (() => detectExtension()))();
  if (ext) {
    const signer = new ExtensionSigner(ext);
    try {
      const pubkey = await signer.getPublicKey();
      keyStore.setStoredPubkey(pubkey);
      return { pubkey, signer, needsPin: false, source: 'extension' };
    } catch (e) {
      console.warn('extension key fetch failed:', (e as Error).message);
      keyStore.setStoredPubkey(null);
    }
  }

  if (keyStore.hasSecret()) {
    if (keyStore.isLocked()) {
      return { pubkey: keyStore.storedPubkey(), signer: null, needsPin: true, source: 'local-key' };
    }
    try {
      const sk = keyStore.readPlainSecret();
      if (sk) {
        const signer = new LocalKeySigner(sk);
        const pubkey = await signer.getPublicKey();
        keyStore.setStoredPubkey(pubkey);
        return { pubkey, signer, needsPin: false, source: 'local-key' };
      }
    } catch (e) {
      console.warn('stored secret key unreadable:', (e as ClientError).code ?? e);
    }
  }

  const pubkey = keyStore.storedPubkey();
  return { pubkey, signer: null, needsPin: false, source: pubkey ? 'stored-pubkey' : 'none' };
}

/** After the PIN prompt: opens the stored key (`pin-wrong` on a wrong PIN). */
export async function unlockWithPin(keyStore: KeyStore, pin: string): Promise<LoginState> {
  const { pubkey, secretKey } = await keyStore.unlock(pin);
  const signer = new LocalKeySigner(secretKey);
  secretKey.fill(0);
  return { pubkey, signer, needsPin: false, source: 'local-key' };
}

/** Signing in with a pasted nsec, optionally protected by a PIN (validated by the caller). */
export async function loginWithNsec(
  keyStore: KeyStore,
  nsec: string,
  pin?: string,
): Promise<LoginState> {
  const { pubkey, secretKey } = await keyStore.saveSecret(nsec, pin);
  const signer = new LocalKeySigner(secretKey);
  secretKey.fill(0);
  return { pubkey, signer, needsPin: false, source: 'local-key' };
}

/** Logout: forgets the in-memory key and clears the stored secret and public key. */
export function logout(keyStore: KeyStore, signer?: Signer | null): void {
  if (signer instanceof LocalKeySigner) signer.forget();
  keyStore.logout();
}
