import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import * as nip49 from 'nostr-tools/nip49';
import { watchConsole } from './console-guard.ts';
import { screenshot } from './screenshots.ts';
import { freshAccount, seedAccount, signInWithKey } from './settings-helpers.ts';

// Issue 34, NIP-49: signing in with an ncryptsec (its password asked once; a wrong one stores
// nothing), and a key kept here exported as one from Settings > Account. Both checked against
// nostr-tools' nip49 in Node.

test.describe.configure({ timeout: 180_000 });

const storedKeys = (page: Page) =>
  page.evaluate(() => ({
    sec: localStorage.getItem('sec'),
    pubkey: localStorage.getItem('pubkey'),
  }));

test('signs in with an ncryptsec made by nostr-tools; a wrong password stores nothing', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  await seedAccount(baseURL!, me, { name: 'sealed', display_name: 'Sealed Sam' });
  const ncryptsec = nip49.encrypt(me.secretKey, 'purple monkey dishwasher', 16);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(ncryptsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();

  dialog = page.getByRole('dialog', { name: 'Enter the password' });
  await dialog.getByLabel('Password').fill('purple monkey dishwater');
  await dialog.getByRole('button', { name: 'Open key' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong password', { timeout: 30_000 });
  expect(await storedKeys(page)).toEqual({ sec: null, pubkey: null });
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await dialog.getByLabel('Password').fill('purple monkey dishwasher');
  await dialog.getByRole('button', { name: 'Open key' }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByLabel('Repeat PIN').fill('2468');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(dialog).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByText('Signed in as Sealed Sam')).toBeVisible();
  const stored = await storedKeys(page);
  expect(stored.pubkey).toBe(me.pubkey);
  // At rest it is Swell's PIN form (PBKDF2 + AES-GCM), not the ncryptsec nor the bare key.
  expect(stored.sec).toMatch(/^swpin1:/);
  expect(errors).toEqual([]);
});

for (const [theme, label] of [
  ['sunrise', 'Sunrise wave'],
  ['midnight', 'Midnight wave'],
] as const) {
  test(`${label}: Settings > Account exports the key as an ncryptsec nostr-tools opens`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const errors = watchConsole(page);
    const me = freshAccount();
    await seedAccount(baseURL!, me, { name: 'porter', display_name: 'Key Porter' });
    await signInWithKey(page, me);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.goto('/settings/account');
    const section = page.getByRole('region', { name: 'Take your key to another app' });
    await expect(section).toBeVisible();

    const password = section.getByLabel('Password', { exact: true });
    await password.fill('hunter');
    await expect(section.getByText('Strength: weak')).toBeVisible();
    await password.fill('a long walk by the sea');
    await expect(section.getByText('Strength: strong')).toBeVisible();
    await section.getByLabel('Repeat password').fill('a long walk by the see');
    await section.getByRole('button', { name: 'Create ncryptsec' }).click();
    await expect(section.getByRole('alert')).toHaveText('Passwords do not match');

    for (const [size, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await section.scrollIntoViewIfNeeded();
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      const axe = await new AxeBuilder({ page }).include('main').analyze();
      expect(axe.violations.map((v) => `${size} ${v.id}: ${v.help}`)).toEqual([]);
      await screenshot(page, { path: testInfo.outputPath(`export-${theme}-${size}.png`) });
    }

    await section.getByLabel('Repeat password').fill('a long walk by the sea');
    await section.getByRole('button', { name: 'Create ncryptsec' }).click();
    const field = section.getByRole('textbox', { name: 'Sealed key (ncryptsec)' });
    await expect(field).toBeVisible({ timeout: 30_000 });
    const sealed = await field.inputValue();
    expect(sealed).toMatch(/^ncryptsec1/);
    expect(nip49.decrypt(sealed, 'a long walk by the sea')).toEqual(me.secretKey);
    expect(errors).toEqual([]);
  });
}
