import {
  KeySecurity,
  Nip49Error,
  nip19,
  nip49DecryptAsync,
  nip49EncryptAsync,
  type KeySecurityByte,
} from '@swell/nostr';
import { ClientError } from '../errors.ts';
import { keys, type LoginFlowsOptions } from './login-flows.ts';

/**
 * NIP-49 keys (`ncryptsec`), in and out: a module of their own, loaded when one is opened or
 * made, so the sign-in code every signed-in user loads does not carry scrypt and
 * XChaCha20-Poly1305.
 */

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
