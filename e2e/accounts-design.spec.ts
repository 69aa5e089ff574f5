import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { watchConsole } from './console-guard.ts';
import { screenshot } from './screenshots.ts';

// Issue 34: the account switcher in the navigation (the wide card's Accounts button, the phone
// header's avatar) at 390 and 1280 px, light and dark: it fits, it is reached by keyboard and
// axe finds nothing.

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;

test.describe.configure({ timeout: 180_000 });

/** Adds an account with its nsec (no PIN) through the avatar menu's Add account. */
async function addWithNsec(page: Page, nsec: string) {
  await page.getByRole('menuitem', { name: 'Add account' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog).toHaveCount(0);
}

for (const [theme, label] of [
  ['sunrise', 'Sunrise wave'],
  ['midnight', 'Midnight wave'],
] as const) {
  test(`${label}: the account switcher fits 390 and 1280 px, by keyboard, axe-clean`, async ({
    page,
  }, testInfo) => {
    const errors = watchConsole(page);
    await page.addInitScript(
      ({ nsec, pubkey }) => {
        if (localStorage.getItem('pubkey')) return;
        localStorage.setItem('sec', nsec);
        localStorage.setItem('pubkey', pubkey);
      },
      { nsec: alice.nsec, pubkey: alice.pubkey },
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings/appearance');
    await expect(page.getByText(`Signed in as ${alice.displayName}`)).toBeVisible();
    const card = page.locator('.account-card');
    await card.getByRole('button', { name: 'Accounts' }).click();
    await addWithNsec(page, bob.nsec);
    await expect(page.getByText(`Signed in as ${bob.displayName}`)).toBeVisible();
    // The theme is a setting of the account in use (bob's now).
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    for (const [size, width, height] of [
      ['desktop', 1280, 800],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/home');
      const trigger =
        size === 'desktop'
          ? page.locator('.account-card').getByRole('button', { name: 'Accounts' })
          : page.getByRole('banner').getByRole('button', { name: `Account of ${bob.displayName}` });
      // By keyboard: focus the trigger, open with Enter, the first entry has the focus.
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const other = menu.getByRole('menuitem', {
        name: new RegExp(`Switch to ${alice.displayName}`),
      });
      await expect(other).toBeFocused();
      await expect(menu.getByRole('menuitem', { name: 'Add account' })).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      // The open menu is portalled (Radix) outside the page's landmarks, as every menu of the
      // app: axe's best-practice "region" rule is left out while it is open, and the page is
      // checked with every rule once it is closed.
      const axe = await new AxeBuilder({ page }).disableRules(['region']).analyze();
      expect(
        axe.violations.map(
          (v) => `${size} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
      await screenshot(page, { path: testInfo.outputPath(`switcher-${theme}-${size}.png`) });
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(trigger).toBeFocused();
      const closed = await new AxeBuilder({ page }).analyze();
      expect(closed.violations.map((v) => `${size} closed ${v.id}: ${v.help}`)).toEqual([]);
    }

    // Settings > Account lists both, with how each signs.
    await page.goto('/settings/account');
    const list = page.getByRole('region', { name: 'Accounts on this device' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(
      list.getByRole('button', { name: `Switch to ${alice.displayName}` }),
    ).toBeVisible();
    await list.scrollIntoViewIfNeeded();
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshot(page, { path: testInfo.outputPath(`device-accounts-${theme}-phone.png`) });
    expect(errors).toEqual([]);
  });
}
