import { PushPresence } from '@swell/client/push';
import { pushClient, reconcilePush } from '@/features/push/device-push.ts';

/**
 * "Quiet while Swell is focused" (cache-protocol.md section 8a, step 5): this tab tells the
 * server when it gains and loses focus, so the user's devices asking for quiet get nothing
 * while they are looking at Swell. The first focus signs for a token (once per tab). Also
 * registers a subscription the push service renewed (the worker says so, or it happened while
 * no window was open). Returns a stop function (sign-out, another user).
 */
export function startPushPresence(pubkey: string): () => void {
  const presence = new PushPresence(pushClient());
  const report = () =>
    void presence.setFocused(document.visibilityState === 'visible' && document.hasFocus());
  const changed = (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'swell-push-changed') void reconcilePush(pubkey).catch(() => {});
  };
  window.addEventListener('focus', report);
  window.addEventListener('blur', report);
  document.addEventListener('visibilitychange', report);
  navigator.serviceWorker?.addEventListener('message', changed);
  report();
  void reconcilePush(pubkey).catch(() => {});
  return () => {
    window.removeEventListener('focus', report);
    window.removeEventListener('blur', report);
    document.removeEventListener('visibilitychange', report);
    navigator.serviceWorker?.removeEventListener('message', changed);
    void presence.setFocused(false).then(() => presence.stop());
  };
}
