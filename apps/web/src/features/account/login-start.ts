import { detectExtension } from '@swell/client';
import { session } from '@/data/session.ts';
import { readLocal } from '@/lib/storage.ts';

const account = () => import('@/features/account/account.ts');

/**
 * The local keys of @swell/client's KeyStore (`keyStorageKeys`), named here so this light
 * module does not pull the key code in; a unit test keeps them equal.
 */
export const storedKeyNames = { pubkey: 'pubkey', secret: 'sec' } as const;

/**
 * The login sequence (stored pubkey, extension, stored key) lives in account.ts with the key
 * code; it loads only when there is something to resolve, so guests never download it.
 */
export async function startLoginWhenNeeded(): Promise<void> {
  const stored = readLocal(storedKeyNames.pubkey) || readLocal(storedKeyNames.secret);
  if (stored || (await detectExtension())) {
    await (await account()).startLogin();
  } else {
    session.set({ ...session.get(), resolved: true });
  }
}

export function signOut(): void {
  void account().then((m) => m.signOut());
}
