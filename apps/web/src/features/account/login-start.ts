import { detectExtension } from '@swell/client';
import { client } from '@/data/client.ts';
import { loadWrite } from '@/features/write/write-store.ts';

const account = () => import('@/features/account/account.ts');

/**
 * The login sequence (stored remote signer, extension, stored key) runs inside the client and
 * loads the key code only when there is something to resolve, so guests never download it.
 * Signed-in users with events waiting in the outbox get the write path early, so their notes
 * show "sending" and are retried without any action.
 */
export async function startLoginWhenNeeded(): Promise<void> {
  if (client.session.hasStoredLogin() || (await detectExtension())) {
    await client.session.start();
    if (client.session.pubkey) void client.connectRelays().catch(() => {});
    if (client.session.getSnapshot().canSign) void loadWrite().catch(() => {});
  } else {
    client.session.resolveAsGuest();
  }
}

export function signOut(): void {
  void account().then((m) => m.signOut());
}
