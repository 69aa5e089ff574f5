import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--vv-top` on an element at the visual viewport's offset from the top of the layout
 * viewport: with the on-screen keyboard up some browsers scroll the visual viewport inside the
 * page, and a bar stuck to the top follows it with `top: calc(... + var(--vv-top))`.
 */
export function useKeyboardInset(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const vv = window.visualViewport;
    const el = ref.current;
    if (!vv || !el) return;
    const update = () => el.style.setProperty('--vv-top', `${Math.max(0, vv.offsetTop)}px`);
    update();
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, [ref]);
}
