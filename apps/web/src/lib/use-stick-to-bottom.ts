import { useEffect, useRef, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the end". */
const slackPx = 120;

/**
 * Keeps a scrolling element at its end while the reader is there (a conversation: newest at the
 * bottom): it opens at the end, and stays there when messages arrive or grow (decrypted text
 * replacing a placeholder); once the reader scrolls up to older ones it is left alone. `content`
 * is the element whose size changes.
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
    const onScroll = () => {
      atEnd.current = el.scrollTop + el.clientHeight >= el.scrollHeight - slackPx;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
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
