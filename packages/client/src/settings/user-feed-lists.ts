import type { FeedDefinition } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';
import type { Signer } from '../signers/signer.ts';

/** The app-subsettings keys of the user's own feed lists. */
export type FeedListKey = 'user-home-feeds' | 'user-reads-feeds';

/**
 * The user's own feed list (`get_app_subsettings` with a fresh signed kind 30078 tagged with the
 * client's name), or null when there is none or it is not a list. The server defaults
 * (`get_home_feeds` / `get_reads_feeds`) apply then.
 */
export async function loadUserFeedList(
  api: CacheApi,
  signer: Signer,
  clientName: string,
  subkey: FeedListKey,
): Promise<FeedDefinition[] | null> {
  const event = await signer.signEvent({
    kind: 30078,
    created_at: Math.floor(Date.now() / 1000),
    tags: [['d', clientName]],
    content: JSON.stringify({ subkey }),
  });
  const page = await api.getAppSubsettings(event);
  const settings = page.appSubsettings?.settings;
  if (!Array.isArray(settings)) return null;
  const feeds = settings.filter(
    (f): f is FeedDefinition =>
      typeof f === 'object' && f !== null && typeof (f as FeedDefinition).spec === 'string',
  );
  return feeds.length > 0 ? feeds : null;
}
