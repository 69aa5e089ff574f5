import { expect, test } from '@playwright/test';
import { ownServer } from './own-server.ts';
import { freshAccount, seedAccount, signInWithKey } from './settings-helpers.ts';

// The app with the server gone. These tests run their own server (the shared one must keep
// serving the other tests), stop it, and start it again.

test('a second visit with the server stopped shows the cached shell and the offline banner', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // An empty network is enough (seeding the demo network took most of this test's time).
  const server = await ownServer({ SWELL_DEMO: '0', SWELL_DEVNET: '0' });
  const context = await browser.newContext();
  try {
    await server.start();
    const page = await context.newPage();
    await page.goto(`${server.url}/home`);
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    // Installed (the shell and the first load's files are cached) and in control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // ...and the files this visit loaded before the worker took over are cached too.
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', {
      timeout: 30_000,
    });

    await server.stop();
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Not connected to the caching service' }),
    ).toBeVisible({ timeout: 15_000 });
    // The logo and the default avatar come from the cache too: no broken image (issue 31).
    await expect(page.locator('img.brand-logo').first()).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((i) => i.complete && i.naturalWidth === 0)
            .map((i) => new URL(i.src).pathname),
        ),
      )
      .toEqual([]);
    // A deep link opens the shell too, not the browser's error page.
    await page.goto(`${server.url}/explore`);
    await expect(page.getByRole('navigation').first()).toBeVisible();
  } finally {
    await context.close();
    await server.dispose();
  }
});

test('code that cannot be fetched shows the offline notice, not the error screen, and loads when the server is back', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await ownServer({ SWELL_DEMO: '0', SWELL_DEVNET: '0' });
  // No service worker: nothing the page has not loaded yet can come from a cache.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await server.start();
    const who = freshAccount();
    await seedAccount(server.url, who, { name: 'otto', display_name: 'Otto' });
    const page = await context.newPage();
    await signInWithKey(page, who);
    await page.goto(`${server.url}/home`);
    await expect(page.getByText('Signed in as Otto')).toBeVisible({ timeout: 30_000 });

    await server.stop();
    // The composer's code was never loaded: the offline notice says so, the app stays.
    await page.getByRole('button', { name: 'New note' }).first().click();
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Not connected yet. Part of the app loads when the connection returns.' });
    await expect(notice).toBeVisible();
    // So is a screen's: the route shows the offline notice inside the layout.
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await expect(page.getByRole('heading', { name: 'Not connected yet', level: 1 })).toBeVisible();
    await expect(page.getByText('This screen loads when the connection returns.')).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    // The server is back: both load by themselves.
    await server.start();
    await expect(page.getByRole('dialog', { name: 'New note' })).toBeVisible({ timeout: 45_000 });
    await expect(notice).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Network statistics' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Not connected yet' })).toHaveCount(0);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  } finally {
    await context.close();
    await server.dispose();
  }
});
