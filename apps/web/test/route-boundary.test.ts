// @vitest-environment jsdom
import { createElement as h, act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from '@/app/route-boundary.tsx';

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
    root.unmount();
  });
});
