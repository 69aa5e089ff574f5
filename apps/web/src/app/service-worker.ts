import { afterFirstContent } from '@/lib/first-content.ts';

/**
 * Registers the build's service worker (`/sw.js`, written by build/service-worker.ts): repeat
 * visits start from cached assets, and the app keeps working when the server cannot be reached.
 * Only in a production build (Vite's dev server serves modules itself), after the page has
 * loaded so the worker's precaching never competes with the first screen.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(async (registration) => {
        await ask(registration, { type: 'cache-loaded', urls: loadedAssets() });
        await whenIdle();
        return ask(registration, { type: 'cache-rest' });
      })
      .then((ok) => {
        if (ok) document.documentElement.dataset.offlineReady = 'true';
      })
      .catch((e: unknown) => {
        console.warn('service worker not registered:', (e as Error).message);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The app files this page loaded, some before the worker was in control (lazy chunks, fonts). */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`));
}

/** After the first content is on screen and the page has nothing else to do. */
async function whenIdle(): Promise<void> {
  await afterFirstContent();
  await new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 1000);
  });
}

/**
 * Asks the worker to cache files: those this page loaded (`cache-loaded`), so a visit with the
 * server gone opens with them, or the rest of the app (`cache-rest`: every screen, dialog and
 * toast a user may open while the server is down). Resolves with whether they are cached; once
 * everything is, `<html data-offline-ready>` says so (the offline tests wait for it).
 */
function ask(
  registration: ServiceWorkerRegistration,
  message: { type: 'cache-loaded'; urls: string[] } | { type: 'cache-rest' },
): Promise<boolean> {
  const worker = registration.active;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ ok: boolean }>) => resolve(event.data.ok);
    worker.postMessage(message, [channel.port2]);
  });
}
