/**
 * Local storage keys of the signed-in user, in a module of their own so light code (the session
 * at startup) can read the stored public key without loading the key code.
 */
export const keyStorageKeys = {
  pubkey: 'pubkey',
  secret: 'sec',
} as const;

/** The NIP-46 session (client key, remote signer, relays, user key) of a remote signer. */
export const remoteSignerStorageKey = 'nip46';

export function isPubkey(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

/** Prefix of a secret stored encrypted with the PIN (pin-crypto.ts), and the reference's. */
export const pinPrefix = 'swpin1:';
export const legacyPinPrefix = 'prpec';

export function isPinEncrypted(value: string | null | undefined): boolean {
  return !!value && (value.startsWith(pinPrefix) || value.startsWith(legacyPinPrefix));
}
