import type { Observable } from '@swell/client';

/** A tiny observable value of the app (dialog state, badges, the theme); read with `useSnapshot`. */
export interface ExternalStore<T> extends Observable<T> {
  get(): T;
  set(next: T): void;
}

export function createStore<T>(initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  return {
    get,
    getSnapshot: get,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
