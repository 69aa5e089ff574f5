/**
 * @swell/client/membership: the membership socket's client, a separate entry so the app loads it
 * lazily (`await import('@swell/client/membership')`) on the premium pages and at login.
 *
 *   const m = new MembershipClient({ url: membershipSocketUrl(cacheUrl), signer });
 *   const status = await m.status();               // undefined: never a member (tier none)
 *   await m.checkName('alice');                     // {available, reason?: too-short|taken|reserved|invalid}
 *   const { quote, completedAt } = await m.buy({ productId: '3-months-premium', name: 'alice', payer, onQuote });
 *   await m.changeName('alicia'); await m.setLegendCustomization({ style: 'AQUA', custom_badge: true, avatar_glow: true });
 *   await m.contactListVersions(); await m.signRestoredContactList(version)  // publish it through the write path
 *   await m.contentStats(); await m.downloadBackup([1]); await m.purchaseHistory(); m.destroy();
 */
export { MembershipClient, membershipSocketUrl, parseBackup, tierOf } from './membership-client.ts';
export type {
  BuyRequest,
  ContactListVersion,
  MembershipClientOptions,
  MembershipPage,
  PageRequest,
  PurchaseWatch,
} from './membership-client.ts';
export {
  MembershipClientError,
  membershipErrorCodes,
  type MembershipErrorCode,
} from './membership-error.ts';
export { premiumReminderDue } from './premium-reminder.ts';
export {
  LEGEND_MIN_USD,
  LEGEND_STYLES,
  MEMBERSHIP_PRODUCTS,
  PREMIUM_REMINDER_INTERVAL_MS,
  membershipNameProblem,
  productPriceUsd,
  type LegendCustomizationSettings,
  type LegendStyle,
  type MembershipProductId,
  type MembershipStatus,
  type MembershipTier,
  type NameAvailability,
  type PurchaseQuote,
} from '@swell/cache-protocol';
