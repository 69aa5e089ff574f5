import type { ClientError } from '../errors.ts';
import { remoteSignerStorageKey } from '../keys/key-names.ts';
import { KeyStore, type KeyStoreOptions } from '../keys/key-store.ts';
import type { Nip46Options, Nip46Session } from '../signers/nip46-signer.ts';
import type { Nip07, Signer } from '../signers/signer.ts';
import { readJson, type StorageLike } from '../storage/storage.ts';
import { detectExtension } from '../signers/detect-extension.ts';
import { ExtensionSigner } from '../signers/extension-signer.ts';
import { LocalKeySigner } from '../signers/local-key-signer.ts';
import type { AccountOpenState, AccountSource } from './accounts.ts';

/*
 * Opening one of several accounts (a switch, or a reload of a device with more than one): loaded
 * only then, so a device with one account does not carry it.
 */

/** What opening an account needs of the sign-in options (`LoginFlowsOptions` fits). */
interface OpenAccountOptions {
  storage: StorageLike;
  detect?: () => Promise<Nip07 | null>;
  nip46?: Nip46Options;
  keyStore?: KeyStoreOptions;
}

async function restoreRemote(o: OpenAccountOptions): Promise<Signer | null> {
  const session = readJson<Nip46Session | null>(o.storage, remoteSignerStorageKey, null);
  if (!session || typeof session !== 'object') return null;
  const { Nip46Signer } = await import('../signers/nip46-signer.ts');
  return Nip46Signer.restore(session, o.nip46);
}

/**
 * Opens the account the slots hold by the way it signs (a switch, or a reload on a device with
 * several accounts, where the login sequence's "extension first" would open the extension's
 * account instead of the one last used). A signer that is away (no extension, an unreachable
 * remote signer, an unreadable key) leaves the account read-only, not signed out.
 */
export async function openAccount(
  o: OpenAccountOptions,
  source: AccountSource,
): Promise<AccountOpenState> {
  const k = new KeyStore(o.storage, o.keyStore);
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
