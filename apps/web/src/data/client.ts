import { createSwellClient, type SwellClient } from '@swell/client';

let instance: SwellClient | null = null;

/**
 * The app's one composition root (one per tab), made on first use: cache connection and API,
 * entity store, session, per-user records, and the lazily loaded relay pool and write path.
 * Everything in apps/web reads and writes through it. (Made on first call, not on import, so
 * modules that only name it stay importable without a browser, e.g. in unit tests.)
 */
export function swell(): SwellClient {
  instance ??= createSwellClient({
    storage: localStorage,
    origin: location.origin,
    activityTarget: window,
    write: { onlineTarget: window },
  });
  return instance;
}
