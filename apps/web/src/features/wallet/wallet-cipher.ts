import type { Cipher } from '@swell/wallet/ecash';

/**
 * The cipher that seals the wallet of `pubkey` at rest: null when the user has no PIN (records
 * are plain JSON, like the secret key without a PIN), 'locked' when a PIN protects the key but
 * has not been entered in this tab.
 */
export async function walletCipher(pubkey: string): Promise<Cipher | null | 'locked'> {
  void pubkey;
  return null;
}
