import { swell } from '@/data/client.ts';
import { notify } from '@/components/ui/notify.ts';
import { openUnlock } from '@/features/account/login-dialog.ts';
import type { StartIntent } from '@/features/account/start-store.ts';
import { i18n } from '@/i18n/index.ts';
import { loadWhenConnected } from '@/lib/chunk-load.ts';

/**
 * True when the user can sign. Otherwise says why, with a way forward: a guest gets the getting
 * started modal (create an account or sign in; `intent` says what needs the key) and the answer
 * waits for it: true once they signed in from it, so the action goes on (see start-flow.ts, also
 * for `again`); a locked key gets the PIN prompt, a dropped remote signer the disconnected notice
 * (never a button that silently does nothing). A stored login still being resolved (the first
 * second after a load) is waited for, not mistaken for a guest.
 */
export async function requireSigner(
  intent: StartIntent = 'other',
  again?: () => void,
): Promise<boolean> {
  let s = swell().session.getSnapshot();
  if (!s.resolved && swell().session.hasStoredLogin()) {
    // Offline, with the key code not cached yet, it waits for the connection (the offline
    // notice says so) instead of taking the user for a guest.
    await loadWhenConnected(() => swell().session.start());
    s = swell().session.getSnapshot();
  }
  if (s.signer === 'disconnected') {
    notify.error(i18n.t('write.signerDisconnected'));
    return false;
  }
  if (s.canSign) return true;
  if (s.needsPin) {
    openUnlock();
    return false;
  }
  // The flow's code loads on a guest's first action (the first load has only the modal's store).
  const { askToStart } = await import('@/features/account/start-flow.ts');
  return askToStart(intent, again);
}
