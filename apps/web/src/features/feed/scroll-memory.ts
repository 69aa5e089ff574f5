import { useEffect, useLayoutEffect } from 'react';
import { useNavigationType } from 'react-router';
import type { ScrollMemory } from '@swell/client';

/**
 * Keeps the window's scroll position of a list that is not virtualised (notifications) in its
 * model, and restores it on back navigation once the list has rows (`ready`); other visits start
 * at the top. (`FeedView` does the same for the virtualised lists.)
 */
export function useScrollMemory(holder: { scroll: ScrollMemory }, ready: boolean): void {
  const back = useNavigationType() === 'POP';
  useLayoutEffect(() => {
    if (back && ready && holder.scroll.y > 0) window.scrollTo(0, holder.scroll.y);
    // Only when the rows first arrive (or the list changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [holder, ready]);
  useEffect(() => {
    const path = window.location.pathname;
    const onScroll = () => {
      if (window.location.pathname !== path) return;
      holder.scroll = { ...holder.scroll, y: window.scrollY };
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [holder]);
}
