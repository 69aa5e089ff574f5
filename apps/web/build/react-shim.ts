// `react` for the browser build: Preact's compatibility layer (a tenth of React DOM's size),
// with two differences from React made up for here.
import { options } from 'preact';
import compat from 'preact/compat';

// @ts-expect-error -- Preact's compat types use `export =`; the bundler re-exports it as ESM.
export * from 'preact/compat';
export default compat;

// 1. React Router imports `useOptimistic`, which Preact does not have. The router calls it only
//    to show a pending location while a navigation runs in a transition (`useTransitions`), which
//    Swell does not turn on, so the state passes through unchanged.
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}

// 2. Preact runs effects after the next frame (up to 35 ms later); React runs those of a render
//    caused by a click or a key before the next input event. A dialog registers its Escape
//    listener in an effect: a key pressed just after it opens would reach nobody. Effects run
//    once the render's task is over, as React does for input.
options.requestAnimationFrame = (flush) => setTimeout(flush);
