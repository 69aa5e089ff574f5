// `react` for the browser build: Preact's compatibility layer (a tenth of React DOM's size),
// with the differences from React that Swell meets made up for here.
import { options } from 'preact';
import compat from 'preact/compat';

// @ts-expect-error -- Preact's compat types use `export =`; the bundler re-exports it as ESM.
export * from 'preact/compat';
export default compat;

// 1. React Router imports `useOptimistic`, which Preact does not have. Only its data router's
//    `RouterProvider` calls it (Swell uses `<BrowserRouter>`), to show a pending location while a
//    navigation runs in a transition; should it run, the state passes through unchanged.
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}

// 2. Preact runs effects after the next frame (up to 35 ms later); React runs those of a render
//    caused by a click or a key before the next input event. A dialog registers its Escape
//    listener, and a menu moves focus into itself, in an effect: a key pressed just after either
//    opened reached nobody. Effects run as soon as the render is over, before any other event.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// 3. React focuses an element rendered with `autoFocus` when it mounts; Preact only writes the
//    `autofocus` attribute, which a browser honours on page load alone. The element is focused
//    when its ref is first attached, as React does.
const focusedOnMount = new WeakSet<Element>();
const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as { autoFocus?: boolean } | null;
  if (typeof vnode.type === 'string' && props?.autoFocus) {
    const ref = vnode.ref;
    vnode.ref = (el: HTMLElement | null) => {
      if (el && !focusedOnMount.has(el)) {
        focusedOnMount.add(el);
        el.focus();
      }
      if (typeof ref === 'function') return ref(el);
      if (ref) ref.current = el;
    };
  }
  previousVnodeHook?.(vnode);
};
