import { swell } from '@/data/client.ts';
import { signOut } from '@/features/account/account.ts';
import { pushRecord } from '@/features/push/push-record.ts';
import { stopPushPresence } from '@/features/push/push-start.ts';

/**
 * Signs out (the sign-out dialog's confirmation); this browser's push device of the user goes
 * first, removed on the server while the signer is still there (nothing is pushed here for
 * someone who left). The push code loads only when this browser has push for the user.
 */
export function signOutLeavingPush(): void {
  const { pubkey, signer } = swell().session;
  if (!pubkey || !signer || !pushRecord(pubkey)) {
    signOut();
    return;
  }
  stopPushPresence();
  void import('@/features/push/device-push.ts')
    .then((m) => m.leavePush(pubkey, signer))
    .catch(() => {})
    .then(signOut);
}
