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

/** Where the signer came from, a remote signer (NIP-46) included. */
export type LoginSource = LoginState['source'] | 'remote-signer';

/** A login state that may come from a remote signer (when `restoreRemote` is given). */
export type SessionLoginState = Omit<LoginState, 'source'> & { source: LoginSource };

export interface ResolveLoginOptions {
  keyStore: KeyStore;
  /** Finds the NIP-07 extension; defaults to `detectExtension()` (4 tries, 250 ms apart). */
  detect?: () => Promise<Nip07 | null>;
  /** Called at once with the stored public key, so the app can render before detection ends. */
  onStoredPubkey?: (pubkey: string | null) => void;
  /**
   * Reconnects the remote signer (NIP-46) the user signed in with last time, if any; it comes
   * before the extension, since the user chose it explicitly.
   */
  restoreRemote?: () => Promise<Signer | null>;
}

/**
 * The login sequence of spec section 4: the stored public key first (handed out at once, so the
 * feed can start with it), then a stored remote signer session, then the signer extension, then
 * the stored secret key (or the PIN prompt when it is protected). A key fetch error from the
 * extension clears the stored public key.
 */
export function resolveLogin(
  options: ResolveLoginOptions & { restoreRemote: () => Promise<Signer | null> },
): Promise<SessionLoginState>;
export function resolveLogin(
  options: Omit<ResolveLoginOptions, 'restoreRemote'>,
): Promise<LoginState>;
export async function resolveLogin(options: ResolveLoginOptions): Promise<SessionLoginState> {
  const { keyStore } = options;
  const stored = keyStore.storedPubkey();
  options.onStoredPubkey?.(stored);

  const remote = await options.restoreRemote?.().catch((e: unknown) => {
    console.warn('remote signer session unusable:', (e as Error).message);
    return null;
  });
  if (remote) {
    const pubkey = await remote.getPublicKey();
    keyStore.setStoredPubkey(pubkey);
    return { pubkey, signer: remote, needsPin: false, source: 'remote-signer' };
  }

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

/** Logout: forgets the in-memory key (or closes a remote signer) and clears what is stored. */
export function logout(keyStore: KeyStore, signer?: Signer | null): void {
  if (signer instanceof LocalKeySigner) signer.forget();
  signer?.close?.();
  keyStore.logout();
}
