import type { AppReleases } from '@swell/cache-protocol';
import { readJson, writeJson, type StorageLike } from '../storage/storage.ts';

/** Local key of the mobile release versions the user has seen on the Downloads screen. */
export const seenReleasesKey = 'mobileReleases';

export type MobilePlatform = 'ios' | 'android';
export type SeenReleases = Partial<Record<MobilePlatform, string>>;

const platforms: MobilePlatform[] = ['ios', 'android'];

/** Unix seconds of a release date (ISO date or seconds/milliseconds), or undefined. */
function releaseTime(date: unknown): number | undefined {
  if (typeof date === 'number' && Number.isFinite(date)) return date > 1e11 ? date / 1000 : date;
  if (typeof date !== 'string' || date.trim() === '') return undefined;
  if (/^\d+$/.test(date.trim())) return releaseTime(Number(date.trim()));
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * The downloads badge (spec section 4): how many mobile releases have a version that differs from
 * the one stored when the user last saw them and a date that has passed. Releases without a
 * version (Swell has no mobile apps; our server says so) or without a date never count.
 */
export function downloadBadgeCount(
  releases: AppReleases | undefined,
  seen: SeenReleases,
  nowSeconds: number,
): number {
  if (!releases) return 0;
  let count = 0;
  for (const p of platforms) {
    const r = releases[p] as { version?: unknown; date?: unknown } | undefined;
    const version = typeof r?.version === 'string' ? r.version.trim() : '';
    if (!version || version === seen[p]) continue;
    const at = releaseTime(r?.date);
    if (at !== undefined && at <= nowSeconds) count++;
  }
  return count;
}

export function readSeenReleases(storage: StorageLike): SeenReleases {
  const v = readJson<unknown>(storage, seenReleasesKey, {});
  if (typeof v !== 'object' || v === null) return {};
  const o = v as Record<string, unknown>;
  const out: SeenReleases = {};
  for (const p of platforms) if (typeof o[p] === 'string') out[p] = o[p];
  return out;
}

/** The Downloads screen was seen: the versions shown now no longer count. */
export function markReleasesSeen(storage: StorageLike, releases: AppReleases): void {
  const seen = readSeenReleases(storage);
  for (const p of platforms) {
    const version = releases[p]?.version;
    if (typeof version === 'string' && version.trim()) seen[p] = version.trim();
  }
  writeJson(storage, seenReleasesKey, seen);
}
