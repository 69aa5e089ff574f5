import { useEffect, useRef, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the end". */
const slackPx = 120;
/** A scroll this soon after the reader's own input (wheel, touch, keys, scrollbar) is theirs. */
const intentMs = 1000;

/**
 * Keeps a scrolling element at its end while the reader is there (a conversation: newest at the
 * bottom): it opens at the end, and stays there when messages arrive or grow (decrypted text
 * replacing a placeholder). Only the reader leaves the end: scrolls that follow their own input
 * (wheel, touch, keys, the scrollbar) away from the end stop it, while the browser's own
 * adjustments (scroll anchoring as content above changes) do not; coming back to the end
 * resumes it. `content` is the element whose size changes.
 */
export function useStickToBottom(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  key: unknown,
): void {
  const atEnd = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let inputAt = -Infinity;
    const onInput = () => {
      inputAt = performance.now();
    };
    const onScroll = () => {
      const near = el.scrollTop + el.clientHeight >= el.scrollHeight - slackPx;
      if (near) atEnd.current = true;
      else if (performance.now() - inputAt < intentMs) atEnd.current = false;
    };
    const inputs = ['wheel', 'touchstart', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const type of inputs) el.addEventListener(type, onInput, { passive: true });
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      for (const type of inputs) el.removeEventListener(type, onInput);
      el.removeEventListener('scroll', onScroll);
    };
  }, [scroller]);
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const keep = new ResizeObserver(() => {
      if (atEnd.current) el.scrollTo({ top: el.scrollHeight });
    });
    keep.observe(inner);
    keep.observe(el);
    return () => keep.disconnect();
  }, [scroller, content]);
  useEffect(() => {
    const el = scroller.current;
    if (el && atEnd.current) el.scrollTo({ top: el.scrollHeight });
  }, [scroller, key]);
}
