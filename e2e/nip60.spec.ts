import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { noteEncode, nsecEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { screenshot } from './screenshots.ts';
import { publish } from './social-helpers.ts';
import { themedAxe } from './theme-matrix.ts';

// The ecash wallet on every device (NIP-60), on the real server and the devnet mint: alice's
// wallet made in one browser context shows in another one of the same key with no phrase typed,
// spends on one show on the other, and both converge after spending at once.

test.describe.configure({ timeout: 300_000 });

/** A browser context signed in with `sk` (its own storage: another device); a guest without. */
async function device(browser: Browser, sk?: Uint8Array, theme?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (sk) {
    await context.addInitScript(
      ({ nsec, pubkey }) => {
        if (!localStorage.getItem('pubkey')) {
          localStorage.setItem('sec', nsec);
          localStorage.setItem('pubkey', pubkey);
        }
      },
      { nsec: nsecEncode(sk), pubkey: getPublicKey(sk) },
    );
  }
  const page = await context.newPage();
  if (theme) {
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(theme) }).check();
  }
  return page;
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

/** The zap window at 390 and 1280 px: no sideways overflow, axe clean, a screenshot to look at. */
async function look(page: Page, testInfo: TestInfo, theme: string, name: string) {
  for (const [size, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => document.fonts.ready);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    const axe = await themedAxe(new AxeBuilder({ page }), theme, size)
      .include('[role="dialog"]')
      .analyze();
    expect(axe.violations.map((v) => `${size} ${v.id}: ${v.help}`)).toEqual([]);
    await screenshot(page, { path: testInfo.outputPath(`${theme}-${name}-${size}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const [theme, label] of [
  ['sunrise', 'Sunrise wave'],
  ['midnight', 'Midnight wave'],
] as const) {
  test(`${label}: bob nutzaps 21 sats to alice's note from its zap control; alice redeems; a third viewer counts it`, async ({
    browser,
  }, testInfo) => {
    const aliceKey = generateSecretKey();
    const alice = await device(browser, aliceKey);
    await createWallet(alice);
    // Her wallet is in her relays with her nutzap info (10019): mints, relays, P2PK key.
    const relay = new URL('/relay', alice.url()).href.replace('http', 'ws');
    await expect
      .poll(
        async () =>
          (await query(relay, { authors: [getPublicKey(aliceKey)], kinds: [10019] })).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    const note = finalizeEvent(
      { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: 'Nutzap me' },
      aliceKey,
    );
    await publish(alice, note);

    // Bob has an ecash wallet at the same mint; alice has no lightning address.
    const bob = await device(browser, generateSecretKey(), label);
    const errorsBob = watchConsole(bob);
    await createWallet(bob);
    await fund(bob, 100);
    await bob.goto(`/e/${noteEncode(note.id)}`);
    const card = bob.locator(`article[data-note-id="${note.id}"]`).first();
    const zap = card.getByRole('button', { name: /^Zap/ });
    await expect(zap).toBeVisible({ timeout: 30_000 });
    const box = (await zap.boundingBox())!;
    await bob.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await bob.mouse.down();
    const dialog = bob.getByRole('dialog', { name: /^Zap / });
    await expect(dialog).toBeVisible();
    await bob.mouse.up();
    await expect(dialog.getByText(/^Ecash from your wallet at /)).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: '21 Great post' }).click();
    await look(bob, testInfo, theme, 'nutzap-window');
    await dialog.getByRole('button', { name: 'Zap 21 sats' }).click();
    await expect(bob.getByText('Nutzapped 21 sats', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog).toBeHidden();
    await expect
      .poll(
        async () => (await query(relay, { kinds: [9321], '#p': [getPublicKey(aliceKey)] })).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);

    // Alice's wallet redeems it: +21, "Received a nutzap".
    await alice.goto('/wallet');
    await expect(balance(alice)).toHaveText('21 sats', { timeout: 60_000 });
    await expect(
      alice.getByTestId('history-row').filter({ hasText: 'Received a nutzap' }),
    ).toContainText('21 sats');
    await screenshot(alice, { path: testInfo.outputPath(`${theme}-alice-wallet.png`) });

    // A third viewer (a guest) sees the note's zap count include it.
    const carol = await device(browser);
    await carol.goto(`/e/${noteEncode(note.id)}`);
    const carolCard = carol.locator(`article[data-note-id="${note.id}"]`).first();
    await expect(
      carolCard.locator('.note-summary').getByRole('button', { name: '1 zap' }),
    ).toBeVisible({ timeout: 60_000 });
    expect(errorsBob).toEqual([]);
  });
}
