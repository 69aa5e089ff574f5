import { detectExtension } from '@swell/client';
import { swell } from '@/data/client.ts';
import { loadWrite } from '@/features/write/write-store.ts';
import { loadWhenConnected } from '@/lib/chunk-load.ts';
import { afterFirstFeedPage } from '@/lib/first-content.ts';

/**
 * The login sequence (stored remote signer, extension, stored key) runs inside the client and
 * loads the key code only when there is something to resolve, so guests never download it.
 * Opened on a feed, it waits until the feed's first page is on screen: the feed already started
 * with the stored public key, and the key code (curves, the PIN store, the extension's tries),
 * the relays and the write path load after the first note instead of competing with it.
 * Whatever needs the signer sooner starts the sequence itself (write/require-signer.ts).
 * Signed-in users with events waiting in the outbox get the write path then, so their notes
 * show "sending" and are retried without any action.
 */
export async function startLoginWhenNeeded(): Promise<void> {
  const stored = swell().session.hasStoredLogin();
  if (stored) await afterFirstFeedPage();
  if (stored || (await detectExtension())) {
    // Offline, with the key code not cached yet, it waits for the connection.
    await loadWhenConnected(() => swell().session.start());
    if (swell().session.pubkey)
      void swell()
        .connectRelays()
        .catch(() => {});
    if (swell().session.getSnapshot().canSign) void loadWrite().catch(() => {});
  } else {
    swell().session.resolveAsGuest();
  }
}
