/* eslint-disable no-restricted-imports -- the one place that wraps React's lazy */
import {
  createElement,
  lazy as reactLazy,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
/* eslint-enable no-restricted-imports */
import { ChunkLoadError, isChunkLoadError, loadWhenConnected } from '@/lib/chunk-load.ts';

// What the app uses instead of React's `lazy` (ESLint says so): a part whose code cannot be
// fetched (the server is down and the service worker does not have it) must not take the app
// down with the error screen, and must load once the connection is back.

/**
 * React's `lazy` for parts of a screen (dialogs, the toaster, menus, sidebars): while the code
 * cannot be fetched, the nearest `Suspense` keeps its fallback, the offline notice says why
 * (app/chunk-notice.tsx), and the import is tried again when the connection returns.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own signature
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return reactLazy(() => loadWhenConnected(load));
}

/**
 * A lazily loaded screen: when its code cannot be fetched it throws a `ChunkLoadError` for the
 * route's error boundary (app/route-boundary.tsx) to show the offline notice, and imports again
 * once the boundary calls `retry` (React's lazy would keep the failure for good).
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const make = (): LazyExoticComponent<ComponentType<P>> => {
    const attempt = reactLazy(() =>
      load().catch((error: unknown) => {
        if (!isChunkLoadError(error)) throw error;
        throw new ChunkLoadError(error, () => {
          if (current === attempt) current = make();
        });
      }),
    );
    return attempt;
  };
  let current = make();
  return function LazyScreen(props: P) {
    return createElement(current, props);
  };
}
