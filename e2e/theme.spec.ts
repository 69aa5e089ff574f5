import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the theme chosen in Settings > Appearance survives a reload with no flash', async ({
  page,
}) => {
  await page.goto('/settings/appearance');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunrise');
  await expect(page.getByRole('radio', { name: /Sunrise wave/ })).toBeChecked();
  await page.getByRole('radio', { name: /Midnight wave/ }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'midnight');
  for (const theme of ['Sunset wave', 'Ice wave', 'Midnight wave']) {
    await page.getByRole('radio', { name: new RegExp(theme) }).check();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${theme} ${v.id}: ${v.help}`)).toEqual([]);
  }

  // The theme must be on <html> before any app script runs: record it at DOMContentLoaded
  // of the reloaded page, when the module script has not executed yet.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { firstTheme: string | null }).firstTheme =
          document.documentElement.getAttribute('data-theme');
      }
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe(
    'midnight',
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'midnight');
  await expect(page.getByRole('radio', { name: /Midnight wave/ })).toBeChecked();
});
