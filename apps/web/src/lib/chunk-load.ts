import { createStore } from '@/lib/external-store.ts';

/**
 * What browsers and Vite's preload helper say when a lazily loaded file of the app cannot be
 * fetched (Chromium, Firefox, Safari; a chunk's stylesheet).
 */
const chunkFailure =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

/** A lazily loaded part of the app could not be fetched (the server or the network is down). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  /** Makes the next render import it again (a caught error is kept by `lazy` until then). */
  readonly retry: () => void;

  constructor(cause: unknown, retry: () => void = () => {}) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.retry = retry;
  }
}

/** Whether an error is a chunk that could not be fetched, not a fault of the code. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError || (error instanceof Error && chunkFailure.test(error.message))
  );
}

/** How many lazily loaded parts wait for the connection to load (the offline notice shows). */
export const waitingChunks = createStore(0);

let retryWaiters: Array<() => void> = [];

/** Resolves at the next `retryChunks()`: when the connection is back, or the user asks. */
export function nextChunkRetry(): Promise<void> {
  return new Promise((resolve) => retryWaiters.push(resolve));
}

/**
 * The connection came back (the cache connection is ready again, the browser is online) or the
 * user asked: what failed to load is tried again.
 */
export function retryChunks(): void {
  const waiters = retryWaiters;
  retryWaiters = [];
  for (const resolve of waiters) resolve();
}

/**
 * Imports with `load` until it works: a chunk that cannot be fetched is counted in
 * `waitingChunks` and tried again at each `retryChunks()`; other errors reject.
 */
export async function loadWhenConnected<T>(load: () => Promise<T>): Promise<T> {
  let waiting = false;
  try {
    for (;;) {
      try {
        return await load();
      } catch (error) {
        if (!isChunkLoadError(error)) throw error;
        if (!waiting) waitingChunks.set(waitingChunks.get() + 1);
        waiting = true;
        await nextChunkRetry();
      }
    }
  } finally {
    if (waiting) waitingChunks.set(waitingChunks.get() - 1);
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', retryChunks);
  // A chunk's stylesheet that failed to load keeps its <link> in the page, and Vite's preload
  // helper then takes it as loaded: the failed link goes, so a retry loads the stylesheet.
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    const href =
      error instanceof Error && /^Unable to preload CSS for (\S+)/.exec(error.message)?.[1];
    if (!href) return;
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      if (link.href === href && !link.disabled && !link.sheet) link.remove();
    }
  });
}
