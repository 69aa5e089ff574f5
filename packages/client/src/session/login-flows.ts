import {
  KeySecurity,
  Nip49Error,
  nip19,
  nip49DecryptAsync,
  nip49EncryptAsync,
  type KeySecurityByte,
} from '@swell/nostr';
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
import { LocalKeySigner } from '../signers/local-key-signer.ts';
import type { Nip07, Signer } from '../signers/signer.ts';
import { activeAccount, readAccounts, type AccountSource } from './accounts.ts';

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

const keys = (o: LoginFlowsOptions) => new KeyStore(o.storage, o.keyStore);

const loadNip46 = () => import('../signers/nip46-signer.ts');

/** Opening an account: what signs, and what the app should say or do about it. */
export type AccountOpenState = SessionLoginState & {
  /** The extension now holds another key than this account's: it opens read-only. */
  notice?: 'extension-key-changed';
  /** The extension failed to give its key: the account is dropped (spec: key fetch error). */
  drop?: boolean;
};

async function restoreRemote(o: LoginFlowsOptions): Promise<Signer | null> {
  const session = readJson<Nip46Session | null>(o.storage, remoteSignerStorageKey, null);
  if (!session || typeof session !== 'object') return null;
  const { Nip46Signer } = await loadNip46();
  return Nip46Signer.restore(session, o.nip46);
}

/**
 * Opens the account the slots hold by the way it signs (a switch, or a reload on a device with
 * several accounts, where the login sequence's "extension first" would open the extension's
 * account instead of the one last used). A signer that is away (no extension, an unreachable
 * remote signer, an unreadable key) leaves the account read-only, not signed out.
 */
export async function openAccount(
  o: LoginFlowsOptions,
  source: AccountSource,
): Promise<AccountOpenState> {
  const k = keys(o);
  const pubkey = k.storedPubkey();
  const readOnly: AccountOpenState = {
    pubkey,
    signer: null,
    needsPin: false,
    source: 'stored-pubkey',
  };
  if (source === 'remote-signer') {
    const signer = await restoreRemote(o).catch((e: unknown) => {
      console.warn('remote signer session unusable:', (e as Error).message);
      return null;
    });
    return signer ? { pubkey, signer, needsPin: false, source: 'remote-signer' } : readOnly;
  }
  if (source === 'extension') {
    const ext = await (o.detect ?? (() => detectExtension()))();
    if (!ext) return readOnly;
    const signer = new ExtensionSigner(ext);
    let key: string;
    try {
      key = await signer.getPublicKey();
    } catch (e) {
      console.warn('extension key fetch failed:', (e as Error).message);
      return { pubkey: null, signer: null, needsPin: false, source: 'none', drop: true };
    }
    if (key !== pubkey) return { ...readOnly, notice: 'extension-key-changed' };
    return { pubkey, signer, needsPin: false, source: 'extension' };
  }
  if (k.isLocked()) return { pubkey, signer: null, needsPin: true, source: 'local-key' };
  try {
    const sk = k.readPlainSecret();
    if (!sk) return readOnly;
    const signer = new LocalKeySigner(sk);
    sk.fill(0);
    return { pubkey, signer, needsPin: false, source: 'local-key' };
  } catch (e) {
    console.warn('stored secret key unreadable:', (e as ClientError).code ?? e);
    return readOnly;
  }
}

export async function resolve(
  o: LoginFlowsOptions,
  onStoredPubkey?: (pk: string | null) => void,
): Promise<AccountOpenState> {
  // Several accounts: the one last used opens the way it signs. One: the spec's login sequence.
  const active = activeAccount(o.storage);
  if (active && readAccounts(o.storage).length > 1) {
    onStoredPubkey?.(active.pubkey);
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

/** NIP-49: the least a password sealing a key to take away may have (characters). */
export const minExportPasswordLength = 8;

/**
 * Opens an `ncryptsec` (NIP-49) with its password and returns the key as an nsec, storing
 * nothing: the caller signs in with it (and a PIN) as with a pasted nsec. `invalid-ncryptsec`
 * when the text is none this code opens, `password-wrong` when the password does not open it.
 */
export async function openNcryptsec(ncryptsec: string, password: string): Promise<string> {
  try {
    const { secretKey } = await nip49DecryptAsync(ncryptsec.trim(), password);
    const nsec = nip19.nsecEncode(secretKey);
    secretKey.fill(0);
    return nsec;
  } catch (e) {
    if (e instanceof Nip49Error && e.code === 'wrong-password')
      throw new ClientError('password-wrong');
    throw new ClientError('invalid-ncryptsec', e instanceof Error ? e.message : undefined);
  }
}

/**
 * The stored secret key sealed as an `ncryptsec` (NIP-49, log_n 16) under a password given
 * twice (`password-too-short`, `password-mismatch`); the PIN when the key is protected by one.
 * The key security byte says `insecure` for a key kept on this device without a PIN, `unknown`
 * otherwise (Swell does not know how it was handled before it was pasted).
 */
export async function exportNcryptsec(
  o: LoginFlowsOptions,
  password: string,
  passwordAgain: string,
  pin?: string,
): Promise<string> {
  if (typeof password !== 'string' || [...password].length < minExportPasswordLength)
    throw new ClientError('password-too-short');
  if (password !== passwordAgain) throw new ClientError('password-mismatch');
  const k = keys(o);
  if (!k.hasSecret()) throw new ClientError('no-stored-key');
  let secretKey: Uint8Array;
  let keySecurity: KeySecurityByte;
  if (k.isLocked()) {
    if (pin === undefined) throw new ClientError('pin-required');
    secretKey = (await k.unlock(pin)).secretKey;
    keySecurity = KeySecurity.unknown;
  } else {
    secretKey = k.readPlainSecret()!;
    keySecurity = KeySecurity.insecure;
  }
  try {
    return await nip49EncryptAsync(secretKey, password, { keySecurity });
  } finally {
    secretKey.fill(0);
  }
}

export function forgetPin(o: LoginFlowsOptions): void {
  keys(o).forgetPin();
}
