import { api } from '@/data/connection.ts';
import { setNavBadge } from '@/features/nav/nav-badges.ts';

/**
 * Live unread counts of a signed-in user for the navigation badges: notifications (the sum of
 * the per-type counts, spec section 4) and direct messages. Returns the stop function.
 */
export function watchUnreadCounts(pubkey: string): () => void {
  const stopNotifications = api().notificationCounts(pubkey, (counts) => {
    const sum = Object.values(counts).reduce((a, n) => a + (Number.isFinite(n) ? n : 0), 0);
    // No unread dot while the Notifications view is open (it marks what arrives seen).
    setNavBadge('notifications', location.pathname === '/notifications' ? 0 : sum);
  });
  const stopMessages = api().directMessageCount(pubkey, (count) => setNavBadge('messages', count));
  return () => {
    stopNotifications();
    stopMessages();
    setNavBadge('notifications', 0);
    setNavBadge('messages', 0);
  };
}
