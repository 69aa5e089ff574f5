import { useEffect, useState } from 'react';

let markDone: () => void = () => {};
const firstContent = new Promise<void>((resolve) => {
  markDone = resolve;
});

/**
 * Called when the main list has its first page: what waits for it starts once that page is
 * painted (after the next frame), so it neither delays nor shares the first note's frame.
 */
export function markFirstContent(): void {
  if (typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => setTimeout(markDone, 0));
  else setTimeout(markDone, 0);
}

/**
 * Resolves once the main content is on screen (or after `fallbackMs`): secondary requests
 * (sidebars) wait for it so they do not compete with the first page.
 */
export function afterFirstContent(fallbackMs = 2500): Promise<void> {
  return Promise.race([firstContent, new Promise<void>((r) => setTimeout(r, fallbackMs))]);
}

/** Screens whose feed marks its first page (feed-view.tsx); `/` redirects to /home. */
const feedScreen = /^\/(home|reads)?(\/|$)/;

/** The app opened on this path (before any navigation). */
const openedOn = typeof location === 'undefined' ? '/' : location.pathname;

/**
 * Resolves once the first page of the feed the app opened on is painted (or after the fallback),
 * and at once when the app opened on any other screen: the work that waits for it (the sign-in
 * sequence, the sidebar) would otherwise wait for a first page that never comes.
 */
export function afterFirstFeedPage(): Promise<void> {
  return feedScreen.test(openedOn) ? afterFirstContent() : Promise.resolve();
}

/** False until `wait` resolves (run once, when the component mounts). */
function useResolved(wait: () => Promise<void>): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void wait().then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
    // `wait` is one of this module's functions: the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return done;
}

/** False until `afterFirstFeedPage` of the path the app opened on resolves. */
export function useAfterFirstFeedPage(): boolean {
  return useResolved(afterFirstFeedPage);
}

/** False until `afterFirstContent` resolves (secondary parts wait for the main list). */
export function useAfterFirstContent(): boolean {
  return useResolved(afterFirstContent);
}
