import type { MembershipTier } from '@swell/cache-protocol';

/** Upload limit per file in MB by tier (spec sections 5 and 9; cache-protocol.md section 11). */
export const UPLOAD_LIMIT_MB: Readonly<Record<MembershipTier, number>> = {
  none: 100,
  premium: 1024,
  'premium-legend': 1024,
};

/**
 * The largest file a user of `tier` may upload, in bytes: 100 MB regular, 1 GB premium and
 * legend. The one function the uploads code asks (through `MembershipService.uploadLimitBytes`
 * for a pubkey).
 */
export function uploadLimitBytes(tier: MembershipTier): number {
  return UPLOAD_LIMIT_MB[tier] * 1024 * 1024;
}
