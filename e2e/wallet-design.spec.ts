import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { noteEncode } from 'nostr-tools/nip19';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { themedAxe } from './theme-matrix.ts';
import { screenshot } from './screenshots.ts';

// The wallet screen (empty, funded with history), its dialogs and a token card in a note, at 390
// and 1280 px in a light and a dark theme: nothing overflows sideways, axe finds no violations,
// the console stays clean. Screenshots go to the test output folder to be looked at.

const themes = [
  ['sunrise', 'Sunrise wave'],
  ['midnight', 'Midnight wave'],
] as const;
const sizes = [
  ['phone', 390, 844],
  ['desktop', 1280, 800],
] as const;

/** `only`: axe checks just this part (the thread around a token card is not this spec's). */
async function check(page: Page, testInfo: TestInfo, name: string, only?: string) {
  for (const [size, width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => document.fonts.ready);
    await page.mouse.move(0, 0);
    const where = `${name} ${size}`;
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll, `${where}: scrollWidth`).toBeLessThanOrEqual(widths.inner);
    // `name` starts with the theme.
    const builder = themedAxe(new AxeBuilder({ page }), name.split('-')[0]!, size);
    const axe = await (only ? builder.include(only) : builder).analyze();
    expect(
      axe.violations.map(
        (v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    const path = testInfo.outputPath(`${name}-${size}.png`);
    await screenshot(page, { path, fullPage: true });
  }
}

for (const [theme, label] of themes) {
  test(`${label}: wallet screen, dialogs and token card at 390 and 1280 px`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const sk = generateSecretKey();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ({ nsec, pubkey }) => {
        localStorage.setItem('sec', nsec);
        localStorage.setItem('pubkey', pubkey);
      },
      { nsec: nsecEncode(sk), pubkey: getPublicKey(sk) },
    );
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    await page.goto('/wallet');
    await expect(page.getByLabel('Mint address')).toHaveValue(/devnet\/mint$/);
    await check(page, testInfo, `${theme}-empty`);

    await page.getByRole('radio', { name: 'Restore from a recovery phrase' }).check();
    const phrase = page.getByRole('textbox', { name: 'Recovery phrase' });
    await phrase.fill('abandon abandon ability');
    await page.getByRole('button', { name: 'Restore wallet' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid mnemonic');
    await phrase.fill(Array(12).fill('abandon').join(' '));
    await page.getByRole('button', { name: 'Restore wallet' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid checksum');
    await check(page, testInfo, `${theme}-restore`);
    await page.getByRole('radio', { name: 'Create a wallet' }).check();

    await page.getByRole('button', { name: 'Create a wallet' }).click();
    const backup = page.getByRole('dialog', { name: 'Write down your recovery phrase' });
    await expect(backup.locator('.phrase-word')).toHaveCount(12);
    await check(page, testInfo, `${theme}-backup`);
    await backup.getByLabel('I have written down my recovery phrase').check();
    await backup.getByRole('button', { name: 'Continue to the wallet' }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats');
    await check(page, testInfo, `${theme}-new`);

    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Receive with lightning' });
    await dialog.getByLabel('Amount (sats)').fill('2100');
    await dialog.getByRole('button', { name: 'Create invoice' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code of the invoice' })).toBeVisible();
    await check(page, testInfo, `${theme}-receive-ln`);
    const invoice = (await dialog.getByTestId('wallet-invoice').textContent())!;
    await page.request.post('/devnet/pay', { data: { invoice } });
    await expect(dialog.getByText('Received 2,100 sats')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Send token' }).click();
    dialog = page.getByRole('dialog', { name: 'Send a token' });
    await dialog.getByLabel('Amount (sats)').fill('210');
    await dialog.getByLabel('Note for the receiver (optional)').fill('Coffee money');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByTestId('wallet-token')).toBeVisible();
    await check(page, testInfo, `${theme}-send-token`);
    const token = (await dialog.getByTestId('wallet-token').textContent())!;
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Redeem token' }).click();
    dialog = page.getByRole('dialog', { name: 'Receive a token' });
    await dialog.getByLabel('Token').fill(token);
    await expect(dialog.getByTestId('token-preview')).toBeVisible();
    await check(page, testInfo, `${theme}-receive-token`);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expect(page.getByTestId('history-row')).toHaveCount(2);
    await check(page, testInfo, `${theme}-funded`);

    // The token in a note, as others see it.
    await page.getByRole('button', { name: 'New note' }).first().click();
    const composer = page.getByRole('dialog', { name: 'New note' });
    await composer
      .getByRole('combobox', { name: 'What is on your mind?' })
      .fill(`First one to redeem it gets a coffee ${token}`);
    await composer.getByRole('button', { name: 'Post' }).click();
    await expect(composer).toBeHidden();
    const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
    const mine = { authors: [getPublicKey(sk)], kinds: [1] };
    await expect.poll(async () => (await query(relay, mine)).length).toBe(1);
    const [note] = await query(relay, mine);
    await page.goto(`/e/${noteEncode(note!.id)}`);
    const card = page.getByRole('group', { name: 'Ecash token' }).first();
    await expect(card).toContainText('sats');
    await check(page, testInfo, `${theme}-token-card`, '.token-card');
    expect(errors).toEqual([]);
  });
}
