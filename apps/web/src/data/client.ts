import {
  createSwellClient,
  watchFeedLive,
  type LiveFeedWatch,
  type SwellClient,
} from '@swell/client';
import { afterFirstContent } from '@/lib/first-content.ts';

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
    models: { liveFeed },
  });
  return instance;
}

/**
 * New notes of the open feed are announced as they reach the server (its relay); the watch
 * starts once the first notes are painted, so its code is not part of the first load.
 */
const liveFeed: LiveFeedWatch = (spec, onNew) => {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void afterFirstContent().then(() => {
    if (!cancelled) stop = watchFeedLive(swell(), spec, onNew);
  });
  return () => {
    cancelled = true;
    stop?.();
  };
};
