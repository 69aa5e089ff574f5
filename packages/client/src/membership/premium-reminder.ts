import { PREMIUM_REMINDER_INTERVAL_MS, type MembershipTier } from '@swell/cache-protocol';

/**
 * Spec section 4 (Membership): premium and legend members never see the premium reminder;
 * everyone else sees it when the last one was shown (dismissed) longer ago than the interval
 * (7 days), or never. `lastShownAt` is the dismissal time the app keeps per user
 * (`premiumReminder` of the per-user record), in milliseconds.
 */
export function premiumReminderDue(
  tier: MembershipTier,
  lastShownAt: number | undefined,
  now = Date.now(),
): boolean {
  if (tier === 'premium' || tier === 'premium-legend') return false;
  return lastShownAt === undefined || now - lastShownAt >= PREMIUM_REMINDER_INTERVAL_MS;
}
