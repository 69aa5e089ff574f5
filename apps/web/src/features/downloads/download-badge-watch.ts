import type { AppReleases } from '@swell/cache-protocol';
import { downloadBadgeCount, markReleasesSeen, readSeenReleases } from '@swell/client';
import { setNavBadge } from '@/features/nav/nav-badges.ts';
import { api } from '@/data/connection.ts';

/** Swell's releases as our server reports them (`get_app_releases`), or undefined. */
export async function loadReleases(signal?: AbortSignal): Promise<AppReleases | undefined> {
  const page = await api().page('get_app_releases', {}, { signal });
  return page.appReleases;
}

/**
 * Sets the Downloads badge: mobile releases whose version differs from the one stored when the
 * user last saw Downloads and whose date has passed. Failing quietly leaves no badge.
 */
export async function checkDownloadBadge(): Promise<void> {
  const releases = await loadReleases().catch(() => undefined);
  setNavBadge(
    'downloads',
    downloadBadgeCount(releases, readSeenReleases(localStorage), Date.now() / 1000),
  );
}

/** The Downloads screen showed these releases: they no longer count. */
export function releasesSeen(releases: AppReleases): void {
  markReleasesSeen(localStorage, releases);
  setNavBadge('downloads', 0);
}
