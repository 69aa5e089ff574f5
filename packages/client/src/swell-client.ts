import { ActivityTracker, type ActivityTarget } from './activity/activity-tracker.ts';
import { CacheApi } from './cache/cache-api.ts';
import { CacheConnection } from './cache/cache-connection.ts';
import { KeyStore } from './keys/key-store.ts';
import { RelayPool } from './relay/relay-pool.ts';
import { makeSessionId } from './session-id.ts';
import { cacheServerUrl, defaultCacheUrl, readAppSettings } from './storage/app-settings.ts';
import type { StorageLike } from './storage/storage.ts';
import { UserRecordStore } from './storage/user-record.ts';

export interface SwellClientOptions {
  /** `localStorage` in the browser. */
  storage: StorageLike;
  /** The page origin, for the default cache URL (`ws(s)://<host>/v1`). */
  origin: string;
  /** Where user activity is heard (window); omit to disable sleeping. */
  activityTarget?: ActivityTarget;
  createSocket?: (url: string) => WebSocket;
}

/** Everything the app needs, wired together (one of each per tab). */
export interface SwellClient {
  sessionId: string;
  cache: CacheConnection;
  api: CacheApi;
  relays: RelayPool;
  activity: ActivityTracker | null;
  keys: KeyStore;
  records: UserRecordStore;
  /** Stops everything (tests, hot reload). */
  close(): void;
}

/**
 * Creates the cache connection (stored cacheServer override or this origin's /v1, noBinary flag),
 * the typed API, the relay pool, key storage, per-user records, and the activity tracker that
 * puts the cache and the relays to sleep after 5 idle minutes. Connects the cache at once.
 */
export function createSwellClient(options: SwellClientOptions): SwellClient {
  const sessionId = makeSessionId();
  const settings = readAppSettings(options.storage);
  const cache = new CacheConnection({
    url: cacheServerUrl(options.storage, defaultCacheUrl(options.origin)),
    noBinary: settings.noBinary,
    sessionId,
    createSocket: options.createSocket,
  });
  const relays = new RelayPool({ sessionId, createSocket: options.createSocket });
  const activity = options.activityTarget
    ? new ActivityTracker({ target: options.activityTarget })
    : null;
  if (activity) {
    activity.add(cache);
    activity.add(relays);
    activity.start();
  }
  cache.connect();
  return {
    sessionId,
    cache,
    api: new CacheApi(cache),
    relays,
    activity,
    keys: new KeyStore(options.storage),
    records: new UserRecordStore(options.storage),
    close() {
      activity?.stop();
      cache.destroy();
      relays.destroy();
    },
  };
}
