import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { noteEncode, nsecEncode } from 'nostr-tools/nip19';
import { demoAccounts } from '@swell/devnet';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { qrPng } from './qr-png.ts';
import { query } from './relay-client.ts';
import { publish } from './social-helpers.ts';

// The built-in ecash wallet against the devnet mint (`/devnet/mint`) on the real server: fund
// through a devnet invoice, send a token, redeem a token shown in a note, reload.

test.describe.configure({ timeout: 240_000 });

/** A new browser context signed in with a fresh key (its own wallet database). */
async function freshUser(browser: Browser): Promise<{ page: Page; pubkey: string }> {
  const sk = generateSecretKey();
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
  return { page: await context.newPage(), pubkey: getPublicKey(sk) };
}

/** Opens the wallet from the navigation and creates a wallet at the server's mint. */
async function createWallet(page: Page, baseURL: string) {
  await page.goto('/home');
  await page.getByRole('navigation').getByRole('link', { name: 'Wallet' }).first().click();
  await expect(page.getByRole('heading', { name: 'Set up your ecash wallet' })).toBeVisible();
  await expect(page.getByLabel('Mint address')).toHaveValue(`${baseURL}/devnet/mint`);
  await page.getByRole('button', { name: 'Create a wallet' }).click();
  const backup = page.getByRole('dialog', { name: 'Write down your recovery phrase' });
  await expect(backup.getByRole('listitem')).toHaveCount(12);
  const go = backup.getByRole('button', { name: 'Continue to the wallet' });
  await expect(go).toBeDisabled();
  await backup.getByLabel('I have written down my recovery phrase').check();
  await go.click();
  await expect(backup).toBeHidden();
  await expect(balance(page)).toHaveText('0 sats');
}

const balance = (page: Page) => page.getByTestId('wallet-balance');

async function fund(page: Page, amount: number) {
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive with lightning' });
  await dialog.getByLabel('Amount (sats)').fill(String(amount));
  await dialog.getByRole('button', { name: 'Create invoice' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code of the invoice' })).toBeVisible();
  const invoice = (await dialog.getByTestId('wallet-invoice').textContent())!;
  expect(invoice).toMatch(/^lnbc/);
  const paid = await page.request.post('/devnet/pay', { data: { invoice } });
  expect(paid.ok()).toBe(true);
  await expect(dialog.getByText(`Received ${amount.toLocaleString('en')} sats`)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
}

async function sendToken(page: Page, amount: number): Promise<string> {
  await page.getByRole('button', { name: 'Send token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a token' });
  await dialog.getByLabel('Amount (sats)').fill(String(amount));
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const token = (await dialog.getByTestId('wallet-token').textContent())!;
  expect(token).toMatch(/^cashuB/);
  await expect(dialog.getByRole('img', { name: 'QR code of the token' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy token' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return token;
}

/** The sats of the balance line ("1,234 sats"). */
async function sats(page: Page): Promise<number> {
  const text = (await balance(page).textContent())!;
  return Number(text.replace(/[^\d]/g, ''));
}

test('fund through a devnet invoice, send a token, redeem a token shown in a note, reload', async ({
  browser,
  baseURL,
}) => {
  const { page: alice } = await freshUser(browser);
  const errors = watchConsole(alice);
  await createWallet(alice, baseURL!);

  await fund(alice, 1000);
  await expect(balance(alice)).toHaveText('1,000 sats');

  // Not more than the balance.
  await alice.getByRole('button', { name: 'Send token' }).click();
  let dialog = alice.getByRole('dialog', { name: 'Send a token' });
  await dialog.getByLabel('Amount (sats)').fill('5000');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Not enough funds available');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const token = await sendToken(alice, 300);
  const afterSend = await sats(alice);
  // 300 sent, plus the mint's input fee when a swap was needed (never more than a few sats).
  expect(afterSend).toBeLessThanOrEqual(700);
  expect(afterSend).toBeGreaterThan(690);
  const history = alice.getByTestId('history-row');
  await expect(history.filter({ hasText: 'Sent a token' })).toContainText('300 sats');
  // Pending until the receiver redeems it; the balance card counts it apart.
  await expect(history.filter({ hasText: 'Sent a token' })).toContainText('Pending');
  await expect(alice.getByText(/^30\d sats in tokens not redeemed yet/)).toBeVisible();
  await expect(history.filter({ hasText: 'Received with lightning' })).toContainText('1,000 sats');

  // Bob redeems it by pasting it, then sends 100 back inside a note he publishes.
  const { page: bob, pubkey: bobKey } = await freshUser(browser);
  await createWallet(bob, baseURL!);
  await bob.getByRole('button', { name: 'Redeem token' }).click();
  dialog = bob.getByRole('dialog', { name: 'Receive a token' });
  await dialog.getByLabel('Token').fill('cashuBnot-a-token');
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This is not an ecash token.');
  await dialog.getByLabel('Token').fill(token);
  // The token carries the receiver's input fee on top (the sender pays it): 300 or a bit more.
  await expect(dialog.getByTestId('token-preview')).toContainText(/^30\d sats from/);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Redeemed 300 sats');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(balance(bob)).toHaveText('300 sats');
  // Redeeming the same token again fails for that entry and says why.
  await bob.getByRole('button', { name: 'Redeem token' }).click();
  dialog = bob.getByRole('dialog', { name: 'Receive a token' });
  await dialog.getByLabel('Token').fill(token);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/^30\d sats from/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const gift = await sendToken(bob, 100);
  await bob.getByRole('button', { name: 'New note' }).first().click();
  const composer = bob.getByRole('dialog', { name: 'New note' });
  await composer.getByRole('combobox', { name: 'What is on your mind?' }).fill(`A gift ${gift}`);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toBeHidden();
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  await expect
    .poll(async () => (await query(relay, { authors: [bobKey], kinds: [1] })).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [note] = await query(relay, { authors: [bobKey], kinds: [1] });
  expect(note!.content).toBe(`A gift ${gift}`);
  const noteId = note!.id;

  // Alice opens the note: the token is a card with amount and mint; Redeem puts it in her wallet.
  await alice.goto(`/e/${noteEncode(noteId)}`);
  const card = alice
    .locator(`article[data-note-id="${noteId}"]`)
    .first()
    .getByRole('group', { name: 'Ecash token' });
  await expect(card).toContainText(/10\d sats/, { timeout: 30_000 });
  await expect(card).toContainText(new URL(baseURL!).host);
  await card.getByRole('button', { name: 'Redeem' }).click();
  await expect(card.getByRole('status')).toHaveText('Redeemed 100 sats');
  await expect(card.getByRole('button', { name: 'Redeem' })).toBeHidden();
  // Opened again, the card asks the mint (NUT-07): already redeemed, nothing to press.
  await alice.reload();
  await expect(card).toContainText('Already redeemed', { timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Redeem' })).toHaveCount(0);

  await alice.goto('/wallet');
  const afterRedeem = afterSend + 100;
  await expect(balance(alice)).toHaveText(`${afterRedeem.toLocaleString('en')} sats`);
  // The wallet's sync notices that Bob redeemed the sent token.
  await expect(history.filter({ hasText: 'Sent a token' })).not.toContainText('Pending', {
    timeout: 30_000,
  });

  // Pay a devnet invoice (melt): the fee is shown before paying, the unused reserve comes back.
  const issue = async (sats: number) =>
    (
      (await (
        await alice.request.post('/devnet/invoices', { data: { amountMsat: sats * 1000 } })
      ).json()) as { invoice: string }
    ).invoice;
  await alice.getByRole('button', { name: 'Pay invoice' }).click();
  dialog = alice.getByRole('dialog', { name: 'Pay an invoice' });
  await dialog.getByLabel('Lightning invoice').fill(await issue(50_000));
  await dialog.getByRole('button', { name: 'Review payment' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Not enough funds available');
  await expect(dialog.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const invoice = await issue(200);
  await alice.getByRole('button', { name: 'Pay invoice' }).click();
  dialog = alice.getByRole('dialog', { name: 'Pay an invoice' });
  // Scanned from a picture of its QR code (a phone's camera gives the same file input a photo).
  await dialog
    .locator('input[type="file"][aria-label="Scan QR code"]')
    .setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: await qrPng(invoice) });
  await expect(dialog.getByLabel('Lightning invoice')).toHaveValue(invoice);
  await dialog.getByRole('button', { name: 'Review payment' }).click();
  await expect(dialog.getByRole('definition').first()).toHaveText('200 sats');
  const feeUpTo = Number(
    (await dialog.getByRole('definition').nth(1).textContent())!.replace(/\D/g, ''),
  );
  expect(feeUpTo).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  const paidLine = dialog.getByRole('status');
  await expect(paidLine).toHaveText(/^Paid 200 sats; fee \d+ sats?$/);
  const fee = Number((await paidLine.textContent())!.replace(/^.*fee /, '').replace(/\D/g, ''));
  expect(fee).toBeLessThanOrEqual(feeUpTo);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const paidInvoices = (await (await alice.request.get('/devnet/invoices')).json()) as {
    invoice: string;
    status: string;
  }[];
  expect(paidInvoices.find((i) => i.invoice === invoice)?.status).toBe('paid');
  const final = afterRedeem - 200 - fee;
  await expect(balance(alice)).toHaveText(`${final.toLocaleString('en')} sats`);
  await expect(history.filter({ hasText: 'Paid an invoice' })).toContainText('200 sats');
  await expect(history).toHaveCount(4);
  // Each line without its relative time, plus the exact time it carries.
  const lines = () =>
    history.evaluateAll((rows) =>
      rows.map((r) => {
        const time = r.querySelector('time')!;
        return `${time.dateTime} ${r.textContent!.replace(time.textContent!, '')}`;
      }),
    );
  const before = await lines();

  await alice.reload();
  await expect(balance(alice)).toHaveText(`${final.toLocaleString('en')} sats`);
  await expect(history).toHaveCount(4);
  expect(await lines()).toEqual(before);
  await expect(history.filter({ hasText: 'Received a token' })).toContainText('+100 sats');
  expect(errors).toEqual([]);
});

/** Every record value of the wallet database of `pubkey`, store by store. */
async function walletRecords(page: Page, pubkey: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const values: string[] = [];
    for (const store of Array.from(db.objectStoreNames)) {
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      values.push(...all.map((v) => String(v)));
    }
    db.close();
    return values;
  }, `swell-wallet:${pubkey}`);
}

test('with a PIN, the wallet is sealed at rest and opens once the PIN unlocks the key', async ({
  browser,
}) => {
  const sk = generateSecretKey();
  const pubkey = getPublicKey(sk);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsecEncode(sk));
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByLabel('Repeat PIN').fill('2468');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(dialog).toBeHidden();

  // (In the app: a page load would ask for the PIN again.)
  await page.getByRole('navigation').getByRole('link', { name: 'Wallet' }).first().click();
  await expect(page.getByRole('heading', { name: 'Set up your ecash wallet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create a wallet' }).click();
  const backup = page.getByRole('dialog', { name: 'Write down your recovery phrase' });
  await expect(backup.locator('.phrase-word')).toHaveCount(12);
  const words = await backup.locator('.phrase-word').allTextContents();
  await backup.getByLabel('I have written down my recovery phrase').check();
  await backup.getByRole('button', { name: 'Continue to the wallet' }).click();
  await fund(page, 64);
  await expect(balance(page)).toHaveText('64 sats');

  // Nothing of the wallet is readable at rest: every record is sealed, the phrase nowhere.
  const records = await walletRecords(page, pubkey);
  expect(records.length).toBeGreaterThan(3);
  for (const r of records) expect(r.startsWith('swenc1:'), r.slice(0, 40)).toBe(true);
  expect(records.join(' ')).not.toContain(words.slice(0, 3).join(' '));
  const walletKey = await page.evaluate((pk) => localStorage.getItem(`walletKey:${pk}`), pubkey);
  expect(walletKey).toMatch(/^swwk1:/);

  // After a reload the wallet waits for the PIN, then opens with the same balance.
  await page.reload();
  dialog = page.getByRole('dialog', { name: 'Enter your PIN' });
  await expect(dialog).toBeVisible();
  await expect(balance(page)).toHaveCount(0);
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(balance(page)).toHaveText('64 sats', { timeout: 30_000 });
  await expect(page.getByTestId('history-row')).toHaveCount(1);

  // The recovery phrase is behind the PIN: a wrong one shows nothing, the right one the words.
  await page.getByRole('button', { name: 'Recovery phrase' }).click();
  dialog = page.getByRole('dialog', { name: 'Show the recovery phrase' });
  await dialog.getByLabel('PIN', { exact: true }).fill('1111');
  await dialog.getByRole('button', { name: 'Show phrase' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong PIN');
  await expect(page.locator('.phrase-word')).toHaveCount(0);
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByRole('button', { name: 'Show phrase' }).click();
  const shown = page.getByRole('dialog', { name: 'Write down your recovery phrase' });
  await expect(shown.locator('.phrase-word')).toHaveText(words);
  expect(errors).toEqual([]);
});

test('zaps a note from the ecash wallet: the receipt arrives, the balance falls by 42 plus fees', async ({
  browser,
  baseURL,
}) => {
  const { page } = await freshUser(browser);
  const errors = watchConsole(page);
  await createWallet(page, baseURL!);
  await fund(page, 500);
  await expect(balance(page)).toHaveText('500 sats');

  const bob = demoAccounts.find((a) => a.name === 'bob')!;
  const note = finalizeEvent(
    {
      kind: 1,
      created_at: Math.floor(Date.now() / 1000),
      tags: [],
      content: `Zap me from your ecash wallet ${Math.random().toString(36).slice(2, 8)}`,
    },
    hexToBytes(bob.secretKeyHex),
  );
  await publish(page, note);
  await page.goto(`/e/${noteEncode(note.id)}`);
  const card = page.locator(`article[data-note-id="${note.id}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const zap = card.getByRole('button', { name: /^Zap/ });
  await expect(zap).toHaveAccessibleName('Zap, 0 sats zapped');
  await zap.click();
  await expect(page.getByText('Zapped 42 sats', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The receipt (kind 9735 from the devnet's zap service) arrived: the note counts the zap.
  await expect(zap).toHaveAccessibleName(/^Zap, 42 sats zapped, you zapped$/, { timeout: 30_000 });

  await page.goto('/wallet');
  const paid = page.getByTestId('history-row').filter({ hasText: 'Paid an invoice' });
  await expect(paid).toContainText('42 sats');
  const feeText = (await paid.locator('.history-meta').textContent()) ?? '';
  const fee = Number(/fee (\d+) sats?/.exec(feeText)?.[1] ?? '0');
  expect(fee).toBeGreaterThan(0);
  await expect(balance(page)).toHaveText(`${500 - 42 - fee} sats`);

  // Mints: the devnet mint's info and keysets (as /v1/keysets says); another added by URL, removed.
  const mints = page.locator('.mint-item');
  await page.getByRole('button', { name: 'Details of Swell devnet mint' }).click();
  const details = mints.first().locator('.mint-details');
  await expect(details).toContainText('swell-devnet/0.1.0');
  await expect(details).toContainText('Devnet: these sats are not real.');
  const { keysets } = (await (await fetch(`${baseURL}/devnet/mint/v1/keysets`)).json()) as {
    keysets: { id: string; active: boolean; input_fee_ppk: number }[];
  };
  const active = keysets.find((k) => k.active)!;
  await expect(
    details.getByTestId('keyset-row').filter({ hasText: active.id }).getByRole('cell'),
  ).toHaveText([active.id, 'sat', 'Active', `${active.input_fee_ppk} ppk`]);
  await expect(details.getByRole('button', { name: 'Remove mint' })).toBeDisabled();
  const axe = await new AxeBuilder({ page }).include('.wallet-mints').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const other = baseURL!.replace('127.0.0.1', 'localhost') + '/devnet/mint';
  await page.getByLabel('Mint address').fill(other);
  await page.getByRole('button', { name: 'Add mint' }).click();
  await expect(mints).toHaveCount(2, { timeout: 30_000 });
  await expect(mints.nth(1)).toContainText('0 sats');
  await mints
    .nth(1)
    .getByRole('button', { name: /^Details of/ })
    .click();
  await mints.nth(1).getByRole('button', { name: 'Remove mint' }).click();
  await expect(mints).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a wallet restored from its recovery phrase in another browser gets its ecash back', async ({
  browser,
  baseURL,
}) => {
  const { page } = await freshUser(browser);
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Create a wallet' }).click();
  const backup = page.getByRole('dialog', { name: 'Write down your recovery phrase' });
  await expect(backup.locator('.phrase-word')).toHaveCount(12);
  const words = (await backup.locator('.phrase-word').allTextContents()).join(' ');
  await backup.getByLabel('I have written down my recovery phrase').check();
  await backup.getByRole('button', { name: 'Continue to the wallet' }).click();
  await fund(page, 300);
  await sendToken(page, 100);
  // The balance line follows the send (read again after the wallet's change; its relay sync
  // may write meanwhile).
  await expect.poll(() => sats(page), { timeout: 30_000 }).toBeLessThan(300);
  const left = await sats(page);

  const { page: other } = await freshUser(browser);
  await other.goto('/wallet');
  await other.getByRole('radio', { name: 'Restore from a recovery phrase' }).check();
  await expect(other.getByLabel('Mint address')).toHaveValue(`${baseURL}/devnet/mint`);
  await other.getByRole('textbox', { name: 'Recovery phrase' }).fill(`  ${words.toUpperCase()} `);
  await other.getByRole('button', { name: 'Restore wallet' }).click();
  // The unredeemed token's proofs (100 sats plus the receiver's input fee) are still unspent
  // at the mint: they come back too. Only the send's own swap fee is gone.
  await expect(other.getByTestId('history-row').first()).toBeVisible({ timeout: 60_000 });
  const restored = await sats(other);
  expect(restored).toBeGreaterThan(left + 100);
  expect(restored).toBeLessThan(300);
  await expect(other.getByTestId('history-row').first()).toContainText(
    'Restored from the recovery phrase',
  );
});
