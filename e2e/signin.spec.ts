import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { chooseFeed, feedNames } from './feed-select.ts';

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;

async function openLogin(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return page.getByRole('dialog', { name: 'Sign in' });
}

test('nsec sign-in with a PIN; reload asks for the PIN, refuses a wrong one, unlocks', async ({
  page,
}) => {
  const errors = watchConsole(page);
  let dialog = await openLogin(page);
  await dialog.getByLabel('Private key (nsec)').fill('nsec1notakey');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A valid private key is required (it starts with nsec1).',
  );
  // An npub is a valid NIP-19 string but not a private key.
  await dialog.getByLabel('Private key (nsec)').fill(alice.npub);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A valid private key is required (it starts with nsec1).',
  );

  await dialog.getByLabel('Private key (nsec)').fill(alice.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByLabel('PIN', { exact: true }).fill('12');
  await dialog.getByLabel('Repeat PIN').fill('12');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('PIN must have at least 4 characters');
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByLabel('Repeat PIN').fill('2469');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('PINs do not match');
  await dialog.getByLabel('Repeat PIN').fill('2468');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Signed in as Alice')).toBeVisible();

  // Only the encrypted secret is stored.
  const stored = await page.evaluate(() => ({
    sec: localStorage.getItem('sec'),
    pubkey: localStorage.getItem('pubkey'),
  }));
  expect(stored.pubkey).toBe(alice.pubkey);
  expect(stored.sec).toBeTruthy();
  expect(stored.sec).not.toContain(alice.nsec);
  expect(stored.sec).not.toContain(alice.secretKeyHex);

  await page.reload();
  dialog = page.getByRole('dialog', { name: 'Enter your PIN' });
  await expect(dialog).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await dialog.getByLabel('PIN', { exact: true }).fill('1357');
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong PIN');
  await expect(page.getByText('Signed in as Alice')).toHaveCount(0);
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Signed in as Alice')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Logout clears the secret and the key.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('sec'), localStorage.getItem('pubkey')]),
  ).toEqual([null, null]);
  expect(errors).toEqual([]);
});

test('forgot PIN removes the stored key and leaves a guest', async ({ page }) => {
  let dialog = await openLogin(page);
  await dialog.getByLabel('Private key (nsec)').fill(alice.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByLabel('PIN', { exact: true }).fill('abcd');
  await dialog.getByLabel('Repeat PIN').fill('abcd');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Signed in as Alice')).toBeVisible();
  await page.reload();
  dialog = page.getByRole('dialog', { name: 'Enter your PIN' });
  await dialog.getByRole('button', { name: 'Forgot PIN?' }).click();
  dialog = page.getByRole('dialog', { name: 'Forgot PIN' });
  await dialog.getByRole('button', { name: 'Remove stored key' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sec'))).toBeNull();
});

test('sign-in without a PIN survives a reload with no prompt', async ({ page }) => {
  let dialog = await openLogin(page);
  await dialog.getByLabel('Private key (nsec)').fill(bob.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText('Signed in as Bob')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Signed in as Bob')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a NIP-07 extension (injected window.nostr) signs the user in', async ({ page }) => {
  const errors = watchConsole(page);
  const sk = hexToBytes(bob.secretKeyHex);
  await page.exposeFunction('__e2eSign', (template: Parameters<typeof finalizeEvent>[0]) =>
    finalizeEvent(template, sk),
  );
  await page.addInitScript((pubkey: string) => {
    const w = window as unknown as {
      nostr: unknown;
      __e2eSign: (t: unknown) => Promise<unknown>;
    };
    // Extensions inject late: appear after the app started looking.
    setTimeout(() => {
      w.nostr = {
        getPublicKey: async () => pubkey,
        signEvent: (template: unknown) => w.__e2eSign(template),
      };
    }, 300);
  }, bob.pubkey);
  await page.goto('/home');
  await expect(page.getByText('Signed in as Bob')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sec'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('pubkey'))).toBe(bob.pubkey);
  expect(errors).toEqual([]);
});

test('a signed-in user reads the Latest feed of their follows; screens stay axe-clean', async ({
  page,
}) => {
  const errors = watchConsole(page);
  let dialog = await openLogin(page);
  await dialog.getByLabel('Private key (nsec)').fill(alice.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText('Signed in as Alice')).toBeVisible();
  expect((await feedNames(page)).filter((n) => n === 'Latest')).toHaveLength(1);
  await chooseFeed(page, 'Latest');
  const notes = page.getByRole('feed', { name: 'Home' }).locator('article');
  await expect(notes.first()).toBeVisible();
  // The follows feed answers for Alice's key (guests cannot pick it).
  const names = await notes.locator('.note-name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const path of ['/home', '/settings/network', `/p/${alice.npub}`]) {
    await page.goto(path);
    await expect(page.getByText('Signed in as Alice')).toBeVisible();
    await expect(page.locator('main h1')).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${path} ${v.id}: ${v.help}`)).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("a signed-in user's own home feed list (app subsettings) is offered", async ({
  page,
  baseURL,
}) => {
  // Dave stores his own list through the cache (a signed settings event).
  const dave = demoAccounts.find((a) => a.name === 'dave')!;
  const feeds = [
    {
      name: 'Dave picks',
      spec: '{"id":"all-notes","kind":"notes"}',
      description: '',
      enabled: true,
    },
    {
      name: 'Dave trending',
      spec: '{"id":"global-trending","kind":"notes","hours":24}',
      description: '',
      enabled: true,
    },
  ];
  const settingsEvent = finalizeEvent(
    {
      kind: 30078,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['d', 'Swell Web']],
      content: JSON.stringify({ subkey: 'user-home-feeds', settings: feeds }),
    },
    hexToBytes(dave.secretKeyHex),
  );
  const ws = new WebSocket(`${baseURL!.replace(/^http/, 'ws')}/v1`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const answer = new Promise<string>((resolve) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as [string];
      if (msg[0] === 'EOSE' || msg[0] === 'NOTICE') resolve(msg[0]);
    };
  });
  ws.send(
    JSON.stringify([
      'REQ',
      'set1',
      { cache: ['set_app_subsettings', { settings_event: settingsEvent }] },
    ]),
  );
  expect(await answer).toBe('EOSE');
  ws.close();

  let dialog = await openLogin(page);
  await dialog.getByLabel('Private key (nsec)').fill(dave.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText('Signed in as Dave')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Feed' })).toHaveText('Dave picks');
  expect(await feedNames(page)).toEqual(['Dave picks', 'Dave trending']);
  await expect(page.getByRole('feed', { name: 'Home' }).locator('article').first()).toBeVisible();
});
