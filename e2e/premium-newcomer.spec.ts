import { expect, test, type Page } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { publish } from './relay-client.ts';

// Premium as a newcomer sees it: a fresh key, no membership.

test.describe.configure({ timeout: 120_000 });

async function newcomer(page: Page, baseURL: string): Promise<void> {
  const sk = generateSecretKey();
  const profile = finalizeEvent(
    {
      kind: 0,
      created_at: Math.floor(Date.now() / 1000),
      tags: [],
      content: JSON.stringify({ name: 'newcomer' }),
    },
    sk,
  );
  await publish(`${baseURL.replace(/^http/, 'ws')}/relay`, profile);
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec: nsecEncode(sk), pubkey: getPublicKey(sk) },
  );
}

test("a non-member on the members' tools is told they are for members and how to join", async ({
  page,
  baseURL,
}) => {
  await newcomer(page, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [step, tool] of [
    ['media', 'Media management'],
    ['contacts', 'Contact list recovery'],
    ['backup', 'Content backup'],
  ]) {
    await page.goto(`/premium/${step}`);
    await expect(page.getByRole('heading', { name: 'For Premium members' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(`${tool} comes with a Premium membership`)).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Find your name' }).click();
  await expect(page).toHaveURL(/\/premium\/name$/);
});

test('"Become a Legend" keeps the Legend choice through the name step, and a low amount says why', async ({
  page,
  baseURL,
}) => {
  await newcomer(page, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/premium');
  await page.getByRole('link', { name: 'Become a Legend' }).click();
  await expect(page.getByRole('heading', { name: 'Pick a name first.' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Find your name' }).click();
  const name = `leg${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByRole('link', { name: `Continue with ${name}` }).click();
  await expect(page.getByRole('radio', { name: /Legend/ })).toBeChecked();
  const amount = page.getByRole('textbox', { name: 'Amount in US dollars' });
  await amount.fill('500');
  await page.getByRole('button', { name: 'Get the invoice' }).click();
  await expect(page.getByRole('alert')).toHaveText('A Legend donation is at least $1000.');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAccessibleDescription('A Legend donation is at least $1000.');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
});
