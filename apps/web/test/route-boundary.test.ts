// @vitest-environment jsdom
import { createElement as h, act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuietBoundary, RouteBoundary } from '@/app/route-boundary.tsx';
import { retryChunks, waitingChunks } from '@/lib/chunk-load.ts';
import { lazy, lazyScreen } from '@/lib/lazy.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('broken screen');
  return h('p', null, `page ${pathname}`);
}

/** Links outside the boundary, as the navigation is outside the routed screen. */
function Nav() {
  const navigate = useNavigate();
  return h(
    'nav',
    null,
    ['/broken', '/home'].map((to) =>
      h('button', { key: to, id: to.slice(1), onClick: () => void navigate(to) }, to),
    ),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the route error boundary', () => {
  it('shows the error state for a throwing screen and clears it on the next location', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(() =>
      root.render(
        h(MemoryRouter, { initialEntries: ['/ok'] }, h(Nav), h(RouteBoundary, null, h(Page))),
      ),
    );
    const main = () => container.children[1]?.textContent;
    expect(main()).toBe('page /ok');
    await act(() => container.querySelector<HTMLButtonElement>('#broken')!.click());
    expect(container.querySelector('h1')?.textContent).toBe('Something went wrong');
    await act(() => container.querySelector<HTMLButtonElement>('#home')!.click());
    expect(main()).toBe('page /home');
    act(() => root.unmount());
  });
});

/** What a browser says when a lazily loaded file cannot be fetched (Chromium's words). */
const fetchFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/x.js');

/** A module loader that fails while `offline.on`, as `import()` does with the server down. */
function loader(offline: { on: boolean }, text: string) {
  let calls = 0;
  const load = () => {
    calls++;
    return offline.on
      ? Promise.reject(fetchFailure())
      : Promise.resolve({ default: () => h('p', null, text) });
  };
  return { load, calls: () => calls };
}

/** Lets pending promises and the renders they cause finish. */
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

/** The connection came back (or the user asked): what failed is fetched again. */
const retry = async () => {
  await act(async () => {
    retryChunks();
    await new Promise<void>((r) => setTimeout(r, 0));
  });
  await settle();
};

describe('code that cannot be fetched', () => {
  it('a screen shows the offline notice, not the error screen, and loads when retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = { on: true };
    const screen = loader(offline, 'the screen');
    const Screen = lazyScreen(screen.load);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(() =>
      root.render(
        h(
          MemoryRouter,
          null,
          h(RouteBoundary, null, h(Suspense, { fallback: h('p', null, 'loading') }, h(Screen))),
        ),
      ),
    );
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('Not connected yet');
    expect(container.textContent).toContain('This screen loads when the connection returns.');
    expect(container.textContent).not.toContain('Something went wrong');
    // Still offline: tried again, the notice stays.
    await retry();
    expect(container.querySelector('h1')?.textContent).toBe('Not connected yet');
    // The connection is back.
    offline.on = false;
    await retry();
    expect(container.textContent).toBe('the screen');
    expect(screen.calls()).toBe(3);
    act(() => root.unmount());
  });

  it('a part of a screen keeps its fallback and the offline notice count, then loads', async () => {
    const offline = { on: true };
    const part = loader(offline, 'the dialog');
    const Part = lazy(part.load);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(() =>
      root.render(
        h(
          MemoryRouter,
          null,
          h(
            RouteBoundary,
            null,
            h('p', null, 'the screen'),
            h(Suspense, { fallback: null }, h(Part)),
          ),
        ),
      ),
    );
    await settle();
    expect(container.textContent).toBe('the screen');
    expect(waitingChunks.get()).toBe(1);
    offline.on = false;
    await retry();
    expect(container.textContent).toBe('the screenthe dialog');
    expect(waitingChunks.get()).toBe(0);
    act(() => root.unmount());
  });

  it('a sidebar is left out and comes back when retried; a real error still shows the error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = { on: true };
    const Sidebar = lazyScreen(loader(offline, 'the sidebar').load);
    const Broken = lazyScreen(() =>
      Promise.resolve({
        default: (): never => {
          throw new Error('a bug');
        },
      }),
    );
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(() =>
      root.render(
        h(
          MemoryRouter,
          null,
          h(QuietBoundary, null, h(Suspense, { fallback: null }, h(Sidebar))),
          h(RouteBoundary, null, h(Suspense, { fallback: null }, h(Broken))),
        ),
      ),
    );
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(container.textContent).not.toContain('the sidebar');
    expect(waitingChunks.get()).toBe(1);
    offline.on = false;
    await retry();
    expect(container.textContent).toContain('the sidebar');
    expect(waitingChunks.get()).toBe(0);
    act(() => root.unmount());
  });
});
