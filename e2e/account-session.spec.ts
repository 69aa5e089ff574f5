import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { freshAccount, seedAccount } from './settings-helpers.ts';

// Issue 31, items 3, 7 and 14: the way to a new account, a locked key after a dismissed PIN
// prompt, and signing out of a key kept on this device.

test.describe.configure({ timeout: 120_000 });

/** Signs in through the dialog with a PIN, so the key is stored encrypted. */
async function signInWithPin(page: Page, nsec: string, pin: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByLabel('PIN', { exact: true }).fill(pin);
  await dialog.getByLabel('Repeat PIN').fill(pin);
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(dialog).toHaveCount(0);
}

test('the sign-in dialog offers Create account beside the key, the extension and the bunker', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog.getByRole('button', { name: 'Use browser extension' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Create account', level: 1 })).toBeVisible();
});

test('a dismissed PIN prompt leaves a locked session: Unlock in the nav, a like asks again', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  await seedAccount(baseURL!, me, { name: 'locked', display_name: 'Locked Larry' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithPin(page, me.nsec, '2468');
  await expect(page.getByText('Signed in as Locked Larry')).toBeVisible();

  await page.reload();
  let prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);
  // Locked, not a guest: the account block says so and offers the way back.
  await expect(page.getByText('Browsing as a guest')).toHaveCount(0);
  await expect(page.locator('.account-card').getByText('Locked', { exact: true })).toBeVisible();
  await page.locator('.account-card').getByRole('button', { name: 'Unlock' }).click();
  prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);

  // An action that signs opens the prompt again.
  const like = page.locator('article[data-note-id]').first().getByRole('button', { name: 'Like' });
  await like.click();
  prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('PIN', { exact: true }).fill('2468');
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Signed in as Locked Larry')).toBeVisible();

  // On a phone the header's account control says the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter your PIN' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('signing out of a key kept here asks first and offers the backup', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  await seedAccount(baseURL!, me, { name: 'leaver', display_name: 'Leaving Lena' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithPin(page, me.nsec, '1357');
  await expect(page.getByText('Signed in as Leaving Lena')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  let dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toContainText('removed from this device');
  // The backup first: the account page with the key's reveal.
  await dialog.getByRole('link', { name: 'Back up your key' }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByRole('button', { name: 'Show secret key' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pubkey'))).toBe(me.pubkey);

  // Cancel keeps the session; confirming signs out.
  await page.locator('.account-card').getByRole('button', { name: 'Sign out' }).click();
  dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Signed in as Leaving Lena')).toBeVisible();
  await page.locator('.account-card').getByRole('button', { name: 'Sign out' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page.getByText('Browsing as a guest')).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('sec'), localStorage.getItem('pubkey')]),
  ).toEqual([null, null]);
  expect(errors).toEqual([]);
});
