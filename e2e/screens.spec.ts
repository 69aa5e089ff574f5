import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';

// Every main screen: reachable from the navigation, titled, axe-clean, no console errors.
// Explore's title names its timeframe and scope.
const screens = [
  ['Home', '/home'],
  ['Reads', '/reads'],
  ['Explore', '/explore', 'Trending · Global'],
  ['Messages', '/dms'],
  ['Bookmarks', '/bookmarks'],
  ['Notifications', '/notifications'],
  ['Downloads', '/downloads'],
  ['Premium', '/premium'],
  ['Settings', '/settings'],
  ['Help', '/help'],
] as const;

for (const [label, path, heading = label] of screens as readonly (readonly string[])[]) {
  test(`${label} opens from the navigation with no axe violations and no console errors`, async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/help');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('standalone routes render without the main layout', async ({ page }) => {
  for (const [path, title] of [
    ['/terms', 'Terms of service'],
    ['/privacy', 'Privacy policy'],
    ['/support', 'Support'],
    ['/app-download-qr', 'Swell on your phone'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
  // The phone page shows a real QR code of this Swell's address.
  await page.goto('/app-download-qr');
  const url = new URL('/home', page.url()).href;
  await expect(page.getByRole('img', { name: `QR code of ${url}` })).toBeVisible();
  await expect(page.getByText(url, { exact: true })).toBeVisible();
});

test('/download redirects to /downloads; unknown paths and names show page not found', async ({
  page,
}) => {
  await page.goto('/download');
  await expect(page).toHaveURL(/\/downloads$/);
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/no-such-name-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/no-such-name-here/some-article');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/a/b/c');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('settings sub-pages are reachable', async ({ page }) => {
  await page.goto('/settings');
  for (const name of ['Appearance', 'Network', 'Account', 'Muted accounts']) {
    await page.goto('/settings');
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
});
