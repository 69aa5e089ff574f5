import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (re-renders when it changes). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, get, () => false);
}

/** The layout breakpoints (also in styles: 768 px two columns, 1280 px three). */
export const wideQuery = '(min-width: 1280px)';
export const tabletQuery = '(min-width: 768px)';
