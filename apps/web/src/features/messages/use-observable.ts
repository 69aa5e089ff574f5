import { useSyncExternalStore } from 'react';
import type { Observable } from '@swell/client';

/** The current value of a client observable (re-renders when it changes). */
export function useObservable<T>(o: Observable<T>): T {
  return useSyncExternalStore(o.subscribe, o.getSnapshot, o.getSnapshot);
}
