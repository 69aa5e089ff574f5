/**
 * A cheap, synchronous "this account has an ecash wallet on this device" (for the payer
 * registry's `available()`), kept beside the wallet's IndexedDB database. No secret in it.
 */
const key = (pubkey: string) => `ecash:${pubkey}`;

export function hasEcashWallet(pubkey: string | null): boolean {
  return !!pubkey && localStorage.getItem(key(pubkey)) === '1';
}

export function markEcashWallet(pubkey: string, present: boolean): void {
  if (present) localStorage.setItem(key(pubkey), '1');
  else localStorage.removeItem(key(pubkey));
}
