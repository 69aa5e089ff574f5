import { expect, test, type Browser, type Page } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';

// The ecash wallet on every device (NIP-60), on the real server and the devnet mint: alice's
// wallet made in one browser context shows in another one of the same key with no phrase typed,
// spends on one show on the other, and both converge after spending at once.

test.describe.configure({ timeout: 300_000 });

/** A browser context signed in with `sk` (its own storage: another device). */
async function device(browser: Browser, sk: Uint8Array): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ({ nsec, pubkey }) => {
      if (!localStorage.getItem('pubkey')) {
        localStorage.setItem('sec', nsec);
        localStorage.setItem('pubkey', pubkey);
      }
    },
    { nsec: nsecEncode(sk), pubkey: getPublicKey(sk) },
  );
  return context.newPage();
}

const balance = (page: Page) => page.getByTestId('wallet-balance');

async function sats(page: Page): Promise<number> {
  return Number((await balance(page).textContent())!.replace(/[^\d]/g, ''));
}

async function createWallet(page: Page) {
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Set up your ecash wallet' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Create a wallet' }).click();
  const backup = page.getByRole('dialog', { name: 'Write down your recovery phrase' });
  await backup.getByLabel('I have written down my recovery phrase').check();
  await backup.getByRole('button', { name: 'Continue to the wallet' }).click();
  await expect(balance(page)).toHaveText('0 sats');
}

async function fund(page: Page, amount: number) {
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive with lightning' });
  await dialog.getByLabel('Amount (sats)').fill(String(amount));
  await dialog.getByRole('button', { name: 'Create invoice' }).click();
  const invoice = (await dialog.getByTestId('wallet-invoice').textContent())!;
  expect((await page.request.post('/devnet/pay', { data: { invoice } })).ok()).toBe(true);
  await expect(dialog.getByText(`Received ${amount.toLocaleString('en')} sats`)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** Opens Send token and creates one; the token, or the error the dialog shows. */
async function sendToken(page: Page, amount: number): Promise<{ token?: string; error?: string }> {
  await page.getByRole('button', { name: 'Send token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a token' });
  await dialog.getByLabel('Amount (sats)').fill(String(amount));
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const token = dialog.getByTestId('wallet-token');
  const alert = dialog.getByRole('alert');
  await expect(token.or(alert)).toBeVisible({ timeout: 30_000 });
  const out = (await token.isVisible())
    ? { token: (await token.textContent())! }
    : { error: (await alert.textContent())! };
  await dialog.getByRole('button', { name: 'Close' }).click();
  return out;
}

test('one wallet on two devices: created on A, shown on B without the phrase, spends followed, a conflict converges', async ({
  browser,
  baseURL,
}) => {
  const sk = generateSecretKey();
  const pubkey = getPublicKey(sk);
  const a = await device(browser, sk);
  const errorsA = watchConsole(a);
  await createWallet(a);
  await fund(a, 1000);
  await expect(balance(a)).toHaveText('1,000 sats');

  // The relay holds the wallet, encrypted: no proof in the clear.
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  await expect
    .poll(async () => (await query(relay, { authors: [pubkey], kinds: [7375] })).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  for (const e of await query(relay, { authors: [pubkey], kinds: [7375, 17375] })) {
    expect(e.content).not.toContain('secret');
    expect(e.tags).toEqual([]);
  }

  // Device B: fresh storage, same key, no phrase typed.
  const b = await device(browser, sk);
  const errorsB = watchConsole(b);
  await b.goto('/wallet');
  await expect(balance(b)).toHaveText('1,000 sats', { timeout: 60_000 });

  // A sends a token of 300: B follows within seconds.
  const sent = await sendToken(a, 300);
  expect(sent.token).toMatch(/^cashuB/);
  const afterSend = await sats(a);
  expect(afterSend).toBeLessThanOrEqual(700);
  await expect(balance(b)).toHaveText(`${afterSend.toLocaleString('en')} sats`, {
    timeout: 20_000,
  });

  // Both spend at once, each more than half: the mint lets one through.
  const [fromA, fromB] = await Promise.all([sendToken(a, 400), sendToken(b, 400)]);
  const ok = [fromA, fromB].filter((r) => r.token);
  expect(ok).toHaveLength(1);
  // Both end with the same balance: what was left minus the one spend (and its fee, if any).
  await expect
    .poll(async () => (await sats(a)) === (await sats(b)), { timeout: 60_000 })
    .toBe(true);
  const end = await sats(a);
  expect(end).toBeLessThanOrEqual(afterSend - 400);
  expect(end).toBeGreaterThan(afterSend - 410);

  // The losing device's swap got the mint's 400 (proofs already spent): the browser logs it.
  const other = (e: string) => !/status of 400 \(Bad Request\)/.test(e);
  expect([...errorsA, ...errorsB].filter(other)).toEqual([]);
  expect([...errorsA, ...errorsB].length).toBeLessThanOrEqual(1);
});
