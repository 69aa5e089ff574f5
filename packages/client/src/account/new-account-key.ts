import { generateSecretKey, getPublicKey, nip19 } from '@swell/nostr';

// Apart from create-account.ts, which the client's composition root imports: generating a key
// needs the elliptic-curve code, and only the account-creation screen should load it.

/** A key made on this device for a new account. */
export interface NewAccountKey {
  secretKey: Uint8Array;
  /** The backup the user is shown once. */
  nsec: string;
  pubkey: string;
  npub: string;
}

/** Generates the new account's key locally (it never leaves the device). */
export function newAccountKey(): NewAccountKey {
  const secretKey = generateSecretKey();
  const pubkey = getPublicKey(secretKey);
  return {
    secretKey,
    nsec: nip19.nsecEncode(secretKey),
    pubkey,
    npub: nip19.npubEncode(pubkey),
  };
}
