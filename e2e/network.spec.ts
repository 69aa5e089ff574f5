import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';

test('Settings > Network shows the live cache state and the relays with read/write flags', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const relayUrl = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  await page.goto('/settings/network');
  await expect(page.getByRole('heading', { level: 1, name: 'Network' })).toBeVisible();
  await expect(page.getByLabel('Caching service URL')).toHaveValue(
    `${baseURL!.replace(/^http/, 'ws')}/v1`,
  );
  await expect(page.getByTestId('cache-status')).toHaveText('connected');
  // The server's default relay, connected.
  const row = page.locator('.relay-row', { hasText: relayUrl });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('relay-status')).toHaveText('connected');
  await expect(row.getByRole('switch', { name: `Read ${relayUrl}` })).toBeChecked();
  await expect(row.getByRole('switch', { name: `Write ${relayUrl}` })).toBeChecked();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Flags are stored per user and survive a reload.
  await row.getByRole('switch', { name: `Write ${relayUrl}` }).uncheck();
  await page.reload();
  await expect(
    page
      .locator('.relay-row', { hasText: relayUrl })
      .getByRole('switch', { name: `Write ${relayUrl}` }),
  ).not.toBeChecked();

  // Invalid relay URLs are refused; the last relay cannot be removed.
  await page.getByLabel('Relay URL').fill('https://not-a-relay');
  await page.getByRole('button', { name: 'Add relay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Relay URL must be valid.');
  await page
    .locator('.relay-row', { hasText: relayUrl })
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(page.getByRole('alert')).toHaveText('At least one relay is needed.');
  expect(errors).toEqual([]);
});

test('the cache server URL is stored as the cacheServer override and used after a reload', async ({
  page,
  baseURL,
}) => {
  const own = `${baseURL!.replace(/^http/, 'ws')}/v1`;
  await page.goto('/settings/network');
  await expect(page.getByTestId('cache-status')).toHaveText('connected');
  await page.getByLabel('Caching service URL').fill('http://example.com');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a ws:// or wss:// URL.');

  // A server that does not answer: the state leaves "connected".
  const dead = 'ws://127.0.0.1:9/v1';
  await page.getByLabel('Caching service URL').fill(dead);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('cache-status')).not.toHaveText('connected');
  expect(await page.evaluate(() => localStorage.getItem('cacheServer'))).toBe(dead);
  await page.reload();
  await expect(page.getByLabel('Caching service URL')).toHaveValue(dead);
  await expect(page.getByTestId('cache-status')).not.toHaveText('connected');

  // Back to the default: the override is removed and the app reconnects.
  await page.getByRole('button', { name: 'Restore default' }).click();
  await expect(page.getByTestId('cache-status')).toHaveText('connected');
  await expect(page.getByLabel('Caching service URL')).toHaveValue(own);
  expect(await page.evaluate(() => localStorage.getItem('cacheServer'))).toBeNull();
});
