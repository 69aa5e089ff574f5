import { createContext, useContext } from 'react';

/** The index of the feed row a note is rendered in (null: not in a feed). */
export const FeedPosition = createContext<number | null>(null);

/**
 * How a note's image loads: the first rows of a feed are on screen at once, so their images load
 * eagerly (the first row's first, at high priority: it is often the page's largest paint); the
 * others wait until they come near the viewport.
 */
export function useImageLoading(): { loading: 'eager' | 'lazy'; fetchPriority: 'high' | 'auto' } {
  const index = useContext(FeedPosition);
  const onScreen = index !== null && index < 3;
  return { loading: onScreen ? 'eager' : 'lazy', fetchPriority: index === 0 ? 'high' : 'auto' };
}
