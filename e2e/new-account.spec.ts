import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { getPublicKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { freshAccount, signInWithKey } from './settings-helpers.ts';

// Create account (`/new`) and Settings > Account, against the real server and demo network.

test.describe.configure({ timeout: 150_000 });

test('create an account through /new: signed in, profile, follows and relay list published; reload, unlock with the PIN, post', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await page.goto('/new');
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Your name' })).toBeVisible();

  // Step 1: username without spaces or special characters, display name required.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter a username')).toBeVisible();
  await expect(page.getByText('Enter a display name')).toBeVisible();
  const handle = `tester_${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill('has space!');
  await page.getByLabel('Display name').fill('Test Person');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('A username has no spaces or special characters')).toBeVisible();
  await page.getByLabel('Username').fill(handle);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: optional details, checked.
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: About you' })).toBeVisible();
  await page.getByLabel('About').fill('Made by the e2e test.');
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter a web address starting with https://')).toBeVisible();
  await page.getByLabel('Website').fill('https://example.org');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: follow suggestions from the server (at most 9), all picked; untick one.
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Follow people' })).toBeVisible();
  const boxes = page.getByRole('group', { name: 'People to follow' }).getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  const count = await boxes.count();
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(9);
  await boxes.nth(0).uncheck();
  expect(
    await new AxeBuilder({ page })
      .include('main')
      .analyze()
      .then((r) => r.violations),
  ).toEqual([]);
  await page.getByRole('button', { name: 'Create account' }).click();

  // The key, shown once for backup.
  await expect(page.getByRole('heading', { name: 'Save your key' })).toBeVisible();
  const nsec = await page.getByRole('textbox', { name: 'Secret key (nsec)' }).inputValue();
  expect(nsec).toMatch(/^nsec1/);
  const pubkey = getPublicKey(decode(nsec).data as Uint8Array);
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('I have saved my secret key').check();
  await next.click();

  // PIN, then home, signed in as the new account.
  await expect(page.getByRole('heading', { name: 'Protect your key' })).toBeVisible();
  await page.getByLabel('PIN', { exact: true }).fill('4321');
  await page.getByLabel('Repeat PIN').fill('4322');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('PINs do not match')).toBeVisible();
  await page.getByLabel('Repeat PIN').fill('4321');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Signed in as Test Person')).toBeVisible();

  // The relay holds the profile, the contact list (self + picked) and the relay list.
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  await expect
    .poll(async () => (await query(relay, { authors: [pubkey], kinds: [0, 3, 10002] })).length)
    .toBe(3);
  const events = await query(relay, { authors: [pubkey], kinds: [0, 3, 10002] });
  const profile = JSON.parse(events.find((e) => e.kind === 0)!.content) as Record<string, string>;
  expect(profile).toMatchObject({
    name: handle,
    display_name: 'Test Person',
    about: 'Made by the e2e test.',
    website: 'https://example.org',
  });
  const follows = events.find((e) => e.kind === 3)!.tags.filter((t) => t[0] === 'p');
  expect(follows.length).toBe(count); // self + the suggestions left ticked (one unticked)
  expect(follows.map((t) => t[1])).toContain(pubkey);
  expect(events.find((e) => e.kind === 10002)!.tags.some((t) => t[0] === 'r')).toBe(true);

  // The key is stored with the PIN only: a reload asks for it.
  const stored = await page.evaluate(() => localStorage.getItem('sec'));
  expect(stored).not.toContain('nsec1');
  await page.reload();
  const pin = page.getByRole('dialog', { name: 'Enter your PIN' });
  await pin.getByLabel('PIN').fill('4321');
  await pin.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Signed in as Test Person')).toBeVisible();

  // Unlocked, the new account posts; the relay holds the note signed by its key.
  const text = `First note of ${handle}`;
  await page.getByRole('button', { name: 'New note' }).first().click();
  const composer = page.getByRole('dialog', { name: 'New note' });
  await composer.getByRole('combobox', { name: 'What is on your mind?' }).fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toBeHidden();
  await expect
    .poll(async () => (await query(relay, { authors: [pubkey], kinds: [1] })).map((e) => e.content))
    .toContain(text);
  expect(errors).toEqual([]);
});

test('Settings > Account: npub, plain-key warning, backup after confirmation, PIN, sign out', async ({
  page,
}) => {
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.goto('/settings/account');
  await expect(page.getByRole('textbox', { name: 'Public key (npub)' })).toHaveValue(me.npub);
  await expect(page.getByTestId('plain-key-warning')).toContainText(
    'Your key is stored without a PIN',
  );
  // The secret key only after a confirmation.
  await expect(page.getByRole('textbox', { name: 'Secret key (nsec)' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show secret key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Show key' }).click();
  await expect(page.getByRole('textbox', { name: 'Secret key (nsec)' })).toHaveValue(me.nsec);
  await page.getByRole('button', { name: 'Hide secret key' }).click();
  await expect(page.getByRole('textbox', { name: 'Secret key (nsec)' })).toHaveCount(0);

  // Set a PIN: the warning goes; the backup now asks for the PIN. (The ncryptsec export beside
  // it asks for the PIN too, so the PIN's own fields are looked for in its region.)
  const pinRegion = page.getByRole('region', { name: 'PIN' });
  await pinRegion.getByLabel('PIN', { exact: true }).fill('2468');
  await pinRegion.getByLabel('Repeat PIN').fill('2468');
  await pinRegion.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByTestId('plain-key-warning')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('sec'))).not.toContain('nsec1');
  await page.getByRole('button', { name: 'Show secret key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Show key' }).click();
  await page.getByLabel('Enter your PIN to show the key').fill('0000');
  await page.getByRole('button', { name: 'Show key' }).click();
  await expect(page.getByText('Wrong PIN')).toBeVisible();
  await page.getByLabel('Enter your PIN to show the key').fill('2468');
  await page.getByRole('button', { name: 'Show key' }).click();
  await expect(page.getByRole('textbox', { name: 'Secret key (nsec)' })).toHaveValue(me.nsec);

  // Change the PIN.
  await pinRegion.getByLabel('Current PIN').fill('2468');
  await pinRegion.getByLabel('New PIN').fill('13579');
  await pinRegion.getByLabel('Repeat PIN').fill('13579');
  await pinRegion.getByRole('button', { name: 'Change PIN' }).click();
  await expect(page.getByText('PIN changed', { exact: true })).toBeVisible();

  // Sign out, after a confirmation: a guest on /home, nothing stored.
  await page.evaluate(() => localStorage.setItem('e2e-signed-out', '1'));
  await page.locator('main').getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('sec'))).toBeNull();
  await page.goto('/settings/account');
  await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
});
