import { MB, UPLOAD_LIMIT_MB } from '@swell/cache-protocol';
import type { ServerConfig } from '../config.ts';
import type { Store } from '../store/store.ts';

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

/**
 * The upload limits of the user `pubkey`: the ONE place that decides them. Every user is regular
 * for now (100 MB per file, spec sections 5 and 9; SWELL_UPLOAD_MAX_MB overrides it); the
 * membership work makes this read the user's tier (premium and legend: 1024 MB per file and
 * more space).
 */
export async function uploadLimitsFor(
  deps: { config: ServerConfig; store: Store },
  pubkey: string,
): Promise<UploadLimits> {
  void pubkey;
  const { config } = deps;
  return {
    tier: 'regular',
    maxFileBytes: Math.floor((config.uploadMaxMb ?? UPLOAD_LIMIT_MB.regular) * MB),
    quotaBytes: Math.floor((config.uploadQuotaMb ?? REGULAR_QUOTA_MB) * MB),
  };
}

/** "100 MB", "1 GB": a limit as users read it. */
export function formatLimit(bytes: number): string {
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / MB;
  if (mb >= 1024 && mb % 1024 === 0) return `${mb / 1024} GB`;
  return `${Math.round(mb * 10) / 10} MB`;
}
