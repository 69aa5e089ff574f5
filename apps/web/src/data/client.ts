import { createSwellClient, type SwellClient } from '@swell/client';

/**
 * The app's one composition root (one per tab): cache connection and API, entity store,
 * session, per-user records, and the lazily loaded relay pool and write path. Everything in
 * apps/web reads and writes through it.
 */
export const client: SwellClient = createSwellClient({
  storage: localStorage,
  origin: location.origin,
  activityTarget: window,
  write: { onlineTarget: window },
});
