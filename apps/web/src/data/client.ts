import { createSwellClient, type SwellClient } from '@swell/client';

let client: SwellClient | null = null;

/** The app's one SwellClient (cache connection, API, relays, keys, records, activity). */
export function swell(): SwellClient {
  client ??= createSwellClient({
    storage: localStorage,
    origin: location.origin,
    activityTarget: window,
  });
  return client;
}
