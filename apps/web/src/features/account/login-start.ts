import { detectExtension } from '@swell/client';
import { swell } from '@/data/client.ts';
import { loadWrite } from '@/features/write/write-store.ts';

const account = () => import('@/features/account/account.ts');

/**
 * The login sequence (stored remote signer, extension, stored key) runs inside the client and
 * loads the key code only when there is something to resolve, so guests never download it.
 * Signed-in users with events waiting in the outbox get the write path early, so their notes
 * show "sending" and are retried without any action.
 */
export async function startLoginWhenNeeded(): Promise<void> {
  if (swell().session.hasStoredLogin() || (await detectExtension())) {
    await swell().session.start();
    if (swell().session.pubkey)
      void swell()
        .connectRelays()
        .catch(() => {});
    if (swell().session.getSnapshot().canSign) void loadWrite().catch(() => {});
  } else {
    swell().session.resolveAsGuest();
  }
}

export function signOut(): void {
  void account().then((m) => m.signOut());
}
