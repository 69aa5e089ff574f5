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
    // Colours ease into the new theme: check contrast once the transitions are over.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'),
    );
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

test('the theme is stored per user: a signed-in choice does not leak to guests', async ({
  page,
}) => {
  const { demoAccounts } = await import('@swell/devnet');
  const carol = demoAccounts.find((a) => a.name === 'carol')!;
  await page.goto('/settings/appearance');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(carol.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Create a PIN' })
    .getByRole('button', { name: 'Skip' })
    .click();
  await expect(page.getByText('Signed in as Carol')).toBeVisible();
  await page.getByRole('radio', { name: /Sunset wave/ }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunset');
  await page.reload();
  await expect(page.getByText('Signed in as Carol')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunset');
  // Signing out goes back to the guest's own theme (the default here).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunrise');
});
