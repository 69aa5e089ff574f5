/**
 * Registers the build's service worker (`/sw.js`, written by build/service-worker.ts): repeat
 * visits start from cached assets, and the shell opens when the server cannot be reached. Only
 * in a production build (Vite's dev server serves modules itself), after the page has loaded so
 * the worker's precaching never competes with the first screen.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => {
      console.warn('service worker not registered:', (e as Error).message);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
