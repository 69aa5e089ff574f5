import { expect, test } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { signedIn } from './social-helpers.ts';

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;

test.describe.configure({ timeout: 120_000 });

test('on a phone a conversation opens at its newest message, its title bar in view and the composer on the bottom bar', async ({
  browser,
}) => {
  const page = await signedIn(browser, alice);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dms/${bob.npub}`);
  const log = page.getByRole('log', { name: 'Conversation with Bob' });
  const newest = log.locator('.dm-message').last();
  await expect(newest).toBeVisible({ timeout: 30_000 });
  const composer = page.locator('.dm-composer');
  // The newest message is above the composer, not under it; the messages scroll, not the page.
  await expect
    .poll(async () => {
      const m = (await newest.boundingBox())!;
      const c = (await composer.boundingBox())!;
      return m.y + m.height <= c.y + 1;
    })
    .toBe(true);
  await expect(page.getByRole('heading', { name: 'Bob', level: 1 })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Back' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // No empty band between the composer and the bottom bar.
  const c = (await composer.boundingBox())!;
  const nav = (await page.locator('.bottom-nav').boundingBox())!;
  expect(Math.abs(c.y + c.height - nav.y)).toBeLessThan(2);
});

test('on a phone the new-note button is for someone who can post, not on Messages, and steps aside while scrolling down', async ({
  browser,
}) => {
  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await guest.goto('/home');
  await expect(guest.getByRole('feed', { name: 'Home' }).locator('article').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(guest.getByRole('button', { name: 'New note' })).toHaveCount(0);
  await guest.close();

  const page = await signedIn(browser, alice);
  await page.setViewportSize({ width: 390, height: 844 });
  const fab = page.getByRole('button', { name: 'New note' });
  await expect(fab).toBeVisible();
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 800);
  await expect(fab).toBeHidden();
  await page.mouse.wheel(0, -200);
  await expect(fab).toBeVisible();
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Messages/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(fab).toHaveCount(0);
});
