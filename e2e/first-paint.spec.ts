import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';

// The entry's stylesheets are inline in index.html (apps/web/build/inline-css.ts): the first
// paint waits for no stylesheet request, and lazy screens that need the same CSS do not load it
// again.

test('the shell CSS is inline: no stylesheet request blocks the first paint or comes again later', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/home')).text();
  const inline = [...html.matchAll(/<style data-href="([^"]+\.css)">/g)].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(0);
  // Every stylesheet link of the page is a disabled marker of an inline one.
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  expect(links).toHaveLength(inline.length);
  for (const link of links) expect(link).toMatch(/ disabled>$/);

  const errors = watchConsole(page);
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') requested.push(new URL(r.url()).pathname);
  });
  await page.goto('/home');
  await expect(page.getByRole('feed', { name: 'Home' }).locator('article').first()).toBeVisible({
    timeout: 30_000,
  });
  // Lazy screens that use the shared button and state styles (client-side navigation).
  for (const [path, heading] of [
    ['/settings', 'Settings'],
    ['/explore', /^Trending/],
    ['/reads', 'Reads'],
  ] as const) {
    await page.evaluate((p) => {
      history.pushState({}, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
      timeout: 30_000,
    });
  }
  expect(requested.filter((p) => inline.includes(p))).toEqual([]);
  // The inline rules apply: the sign-in button is styled as a button (design tokens, radius).
  const radius = await page
    .getByRole('button', { name: 'Sign in', exact: true })
    .first()
    .evaluate((el) => getComputedStyle(el).borderRadius);
  expect(radius).not.toBe('0px');
  expect(
    await page.evaluate(
      () =>
        document.querySelectorAll('link[rel="stylesheet"]:not([disabled])[href*="index-"]').length,
    ),
  ).toBe(0);
  expect(errors).toEqual([]);
});

test('images of the first feed rows load eagerly (the first at high priority), later ones lazily', async ({
  page,
}) => {
  await page.goto('/home');
  const feed = page.getByRole('feed', { name: 'Home' });
  await expect(feed.locator('article').first()).toBeVisible({ timeout: 30_000 });
  await expect(feed.locator('.note-image img').first()).toBeAttached({ timeout: 30_000 });
  const images = await feed.locator('.feed-row').evaluateAll((rows) =>
    rows.flatMap((row) =>
      Array.from(row.querySelectorAll('.note-image img')).map((img) => ({
        index: Number((row as HTMLElement).dataset.index),
        loading: img.getAttribute('loading'),
        priority: img.getAttribute('fetchpriority'),
      })),
    ),
  );
  expect(images.length).toBeGreaterThan(0);
  for (const { index, loading, priority } of images) {
    expect(loading).toBe(index < 3 ? 'eager' : 'lazy');
    expect(priority).toBe(index === 0 ? 'high' : 'auto');
  }
});
