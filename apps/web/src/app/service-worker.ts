/**
 * Registers the build's service worker (`/sw.js`, written by build/service-worker.ts): repeat
 * visits start from cached assets, and the shell opens when the server cannot be reached. Only
 * in a production build (Vite's dev server serves modules itself), after the page has loaded so
 * the worker's precaching never competes with the first screen.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => cacheWhatLoaded(registration))
      .catch((e: unknown) => {
        console.warn('service worker not registered:', (e as Error).message);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Hands the worker the app files this page loaded before the worker was in control (lazy
 * chunks, fonts), so a visit with the server gone opens with them. When they are cached,
 * `<html data-offline-ready>` says so (the offline test waits for it).
 */
function cacheWhatLoaded(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.active;
  if (!worker) return Promise.resolve();
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ ok: boolean }>) => {
      if (event.data.ok) document.documentElement.dataset.offlineReady = 'true';
      resolve();
    };
    worker.postMessage({ type: 'cache-loaded', urls }, [channel.port2]);
  });
}
