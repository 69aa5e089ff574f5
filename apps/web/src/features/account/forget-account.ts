import { swell } from '@/data/client.ts';

/**
 * Removing an account from this device (issue 34), loaded on use: the client forgets its key or
 * signer session, its record and its waiting events (`SwellClient.removeAccount`); then what the
 * app keeps per public key goes too: every localStorage entry named with it (wallet key, ecash
 * mark, wallet connection, ...) and its ecash wallet's IndexedDB database.
 */
export async function forgetAccount(pubkey: string): Promise<void> {
  await swell().removeAccount(pubkey);
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.includes(pubkey)) localStorage.removeItem(key);
  }
  const { closeWallets, walletDbName } = await import('@/features/wallet/wallet-session.ts');
  // An open wallet's connection would block the deletion: wallets reopen on their next use.
  closeWallets();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(walletDbName(pubkey));
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
