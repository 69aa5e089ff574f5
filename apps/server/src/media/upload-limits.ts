import { MB, UPLOAD_LIMIT_MB, type MembershipTier } from '@swell/cache-protocol';
import type { ServerConfig } from '../config.ts';

/** What one user may upload. */
export interface UploadLimits {
  /** Membership tier the limits come from. */
  tier: 'regular' | 'premium' | 'premium-legend';
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** All of the user's uploads together, in bytes. */
  quotaBytes: number;
}

/** Default storage of a regular user (SWELL_UPLOAD_QUOTA_MB overrides it). */
export const REGULAR_QUOTA_MB = 1024;

/** Default storage of all regular users together (SWELL_UPLOAD_TOTAL_MB overrides it). */
export const REGULAR_TOTAL_MB = 10 * 1024;

/** Bytes all regular users' uploads may take together (SWELL_UPLOAD_TOTAL_MB). */
export function regularTotalBytes(config: ServerConfig): number {
  return Math.floor((config.uploadTotalMb ?? REGULAR_TOTAL_MB) * MB);
}

/** Storage of a premium or legend member: ten times a regular user's. */
export const MEMBER_QUOTA_FACTOR = 10;

/**
 * The upload limits of the user `pubkey`: the ONE place that decides them. A regular user may
 * upload 100 MB per file (spec sections 5 and 9; SWELL_UPLOAD_MAX_MB overrides it) and store
 * REGULAR_QUOTA_MB (SWELL_UPLOAD_QUOTA_MB); a premium or legend member 1 GB per file (never less
 * than a regular user) and ten times the storage. The tier comes from the membership service.
 */
export async function uploadLimitsFor(
  deps: { config: ServerConfig; tierOf: (pubkey: string) => Promise<MembershipTier> },
  pubkey: string,
): Promise<UploadLimits> {
  const { config } = deps;
  const regularFile = Math.floor((config.uploadMaxMb ?? UPLOAD_LIMIT_MB.regular) * MB);
  const regularQuota = Math.floor((config.uploadQuotaMb ?? REGULAR_QUOTA_MB) * MB);
  const tier = await deps.tierOf(pubkey);
  if (tier === 'none')
    return { tier: 'regular', maxFileBytes: regularFile, quotaBytes: regularQuota };
  return {
    tier,
    maxFileBytes: Math.max(regularFile, UPLOAD_LIMIT_MB[tier] * MB),
    quotaBytes: regularQuota * MEMBER_QUOTA_FACTOR,
  };
}

/** "100 MB", "1 GB": a limit as users read it. */
export function formatLimit(bytes: number): string {
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / MB;
  if (mb >= 1024 && mb % 1024 === 0) return `${mb / 1024} GB`;
  return `${Math.round(mb * 10) / 10} MB`;
}
