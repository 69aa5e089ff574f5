import { nip19 } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import { remoteSignerStorageKey } from '../keys/key-names.ts';
import { KeyStore, validatePin, type KeyStoreOptions } from '../keys/key-store.ts';
import { readJson, writeJson, type StorageLike } from '../storage/storage.ts';
import { detectExtension } from '../signers/detect-extension.ts';
import { ExtensionSigner } from '../signers/extension-signer.ts';
import type { Nip46Options, Nip46Session, Nip46Signer } from '../signers/nip46-signer.ts';
import type { NostrConnectOptions, NostrConnectPairing } from '../signers/nostr-connect.ts';
import {
  loginWithNsec,
  logout,
  resolveLogin,
  unlockWithPin,
  type SessionLoginState,
} from '../signers/resolve-login.ts';
import type { Nip07, Signer } from '../signers/signer.ts';
import { activeAccount, readAccounts } from './accounts.ts';
import type { AccountOpenState } from './accounts.ts';

/**
 * The sign-in code behind `Session` (keys, PIN crypto, signers), loaded only when there is
 * something to sign in with, so guests never download it. The NIP-46 signer is a further
 * dynamic import: only a remote signer session loads it.
 */
export interface LoginFlowsOptions {
  storage: StorageLike;
  detect?: () => Promise<Nip07 | null>;
  /** Timeouts and socket factory of remote signers. */
  nip46?: Nip46Options;
  /** PIN key derivation (tests lower the iterations). */
  keyStore?: KeyStoreOptions;
}

export const keys = (o: LoginFlowsOptions) => new KeyStore(o.storage, o.keyStore);

const loadNip46 = () => import('../signers/nip46-signer.ts');

async function restoreRemote(o: LoginFlowsOptions): Promise<Signer | null> {
  const session = readJson<Nip46Session | null>(o.storage, remoteSignerStorageKey, null);
  if (!session || typeof session !== 'object') return null;
  const { Nip46Signer } = await loadNip46();
  return Nip46Signer.restore(session, o.nip46);
}

export async function resolve(
  o: LoginFlowsOptions,
  onStoredPubkey?: (pk: string | null) => void,
): Promise<AccountOpenState> {
  // Several accounts: the one last used opens the way it signs. One: the spec's login sequence.
  const active = activeAccount(o.storage);
  if (active && readAccounts(o.storage).length > 1) {
    onStoredPubkey?.(active.pubkey);
    const { openAccount } = await import('./open-account.ts');
    return openAccount(o, active.source);
  }
  return resolveLogin({
    keyStore: keys(o),
    ...(o.detect ? { detect: o.detect } : {}),
    ...(onStoredPubkey ? { onStoredPubkey } : {}),
    restoreRemote: () => restoreRemote(o),
  });
}

function forgetRemote(o: LoginFlowsOptions): void {
  o.storage.removeItem(remoteSignerStorageKey);
}

export async function signInWithNsec(
  o: LoginFlowsOptions,
  nsec: string,
  pin?: string,
  pinAgain?: string,
): Promise<SessionLoginState> {
  if (pin !== undefined) validatePin(pin, pinAgain);
  const state = await loginWithNsec(keys(o), nsec.trim(), pin);
  forgetRemote(o);
  return state;
}

export function unlock(o: LoginFlowsOptions, pin: string): Promise<SessionLoginState> {
  return unlockWithPin(keys(o), pin);
}

/** Protects the stored key with a PIN (Settings, or right after a login without one). */
export function setPin(o: LoginFlowsOptions, pin: string, pinAgain: string): Promise<void> {
  return keys(o).setPin(pin, pinAgain);
}

export async function signInWithExtension(o: LoginFlowsOptions): Promise<SessionLoginState> {
  const ext = await (o.detect ?? (() => detectExtension()))();
  if (!ext) throw new ClientError('no_nostr_extension');
  const signer = new ExtensionSigner(ext);
  const pubkey = await signer.getPublicKey();
  keys(o).setStoredPubkey(pubkey);
  forgetRemote(o);
  return { pubkey, signer, needsPin: false, source: 'extension' };
}

/** Keeps a paired remote signer: its session is stored so a reload reconnects it. */
export async function useRemoteSigner(
  o: LoginFlowsOptions,
  signer: Nip46Signer,
): Promise<SessionLoginState> {
  const pubkey = await signer.getPublicKey();
  writeJson(o.storage, remoteSignerStorageKey, signer.session());
  keys(o).setStoredPubkey(pubkey);
  return { pubkey, signer, needsPin: false, source: 'remote-signer' };
}

export async function signInWithBunker(
  o: LoginFlowsOptions,
  url: string,
): Promise<SessionLoginState> {
  const { Nip46Signer } = await loadNip46();
  return useRemoteSigner(o, await Nip46Signer.connectBunker(url.trim(), o.nip46));
}

export async function startNostrConnect(
  o: LoginFlowsOptions,
  options: Omit<NostrConnectOptions, keyof Nip46Options>,
): Promise<NostrConnectPairing> {
  const m = await import('../signers/nostr-connect.ts');
  return m.startNostrConnect({ ...o.nip46, ...options });
}

export function signOut(o: LoginFlowsOptions, signer: Signer | null): void {
  logout(keys(o), signer);
}

/**
 * The stored secret key as an nsec, for the backup in Settings > Account: with a PIN only when
 * the PIN opens it (`pin-required`, `pin-wrong`); `no-stored-key` for extension and remote signer
 * users (their key is not here).
 */
export async function revealSecret(o: LoginFlowsOptions, pin?: string): Promise<string> {
  const k = keys(o);
  if (!k.hasSecret()) throw new ClientError('no-stored-key');
  if (k.isLocked()) {
    if (pin === undefined) throw new ClientError('pin-required');
    return nip19.nsecEncode((await k.unlock(pin)).secretKey);
  }
  return nip19.nsecEncode(k.readPlainSecret()!);
}

export function forgetPin(o: LoginFlowsOptions): void {
  keys(o).forgetPin();
}
