import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { finalizeEvent, generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import { nsecEncode } from 'nostr-tools/nip19';
import { watchConsole } from './console-guard.ts';
import { publish, query } from './relay-client.ts';

// Premium against the real server and the devnet's lightning (issue 20): a new user finds a
// free name, buys 3 months paying the invoice on the devnet, and their profile shows the name
// verified and the premium badge; as a legend they customize the avatar ring; media management
// lists a Blossom upload and deletes it; contacts recovery restores an earlier follow list;
// the content backup downloads as JSONL of signed events. A fresh key per run, so the demo
// accounts other specs read keep their names.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const sk = generateSecretKey();
const pubkey = getPublicKey(sk);
const nsec = nsecEncode(sk);
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const wanted = `pat${suffix}`;
const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) =>
  demoAccounts.find((a) => a.name === n)!,
);

const sign = (
  kind: number,
  content: string,
  tags: string[][],
  at = Math.floor(Date.now() / 1000),
) => finalizeEvent({ kind, content, tags, created_at: at }, sk);

async function signIn(page: Page) {
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec, pubkey },
  );
}

async function payOnDevnet(baseURL: string, invoice: string) {
  const res = await fetch(`${baseURL}/devnet/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invoice }),
  });
  expect(res.status).toBe(200);
}

/** Waits for the invoice on the subscription page and pays it on the devnet. */
async function payShownInvoice(page: Page, baseURL: string) {
  const invoice = page.getByTestId('premium-invoice');
  await expect(invoice).toHaveValue(/^ln/, { timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'QR code of the lightning invoice' })).toBeVisible();
  await payOnDevnet(baseURL, await invoice.inputValue());
}

test.beforeAll(async ({ baseURL }) => {
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  const now = Math.floor(Date.now() / 1000);
  await publish(
    relay,
    sign(
      0,
      JSON.stringify({ name: 'pat', display_name: 'Pat Premium', about: 'e2e' }),
      [],
      now - 300,
    ),
  );
  // Two follow lists: the earlier follows Alice and Bob, the current one only Carol.
  await publish(
    relay,
    sign(
      3,
      '',
      [
        ['p', alice!.pubkey],
        ['p', bob!.pubkey],
      ],
      now - 200,
    ),
  );
  await publish(relay, sign(3, '', [['p', carol!.pubkey]], now - 100));
});

test('a new user finds a free name, buys 3 months on the devnet and is verified with the badge', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/premium');
  await expect(page.getByRole('heading', { level: 2, name: 'Swell Premium' })).toBeVisible();
  await page.getByRole('link', { name: 'Find your name' }).click();
  await expect(page).toHaveURL(/\/premium\/name$/);

  const field = page.getByRole('textbox', { name: 'Name' });
  const check = page.getByRole('button', { name: 'Check' });
  await field.fill('ab');
  await check.click();
  await expect(
    page.getByText('Name unavailable: a name needs at least 3 characters.'),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('alice');
  await check.click();
  await expect(page.getByText('Name unavailable: someone already has it.')).toBeVisible();
  await field.fill(wanted);
  await check.click();
  const host = new URL(baseURL!).host;
  await expect(page.getByText(`${wanted}@${host} is available`)).toBeVisible();
  await page.getByRole('link', { name: `Continue with ${wanted}` }).click();

  await expect(page).toHaveURL(/\/premium\/subscribe\?name=/);
  await expect(page.getByTestId('premium-for')).toHaveText(`For ${wanted}@${host}`);
  await expect(page.getByRole('radio', { name: /3 months/ })).toBeChecked();
  await expect(page.getByText('$21 in total')).toBeVisible();
  await expect(page.getByText('$72 in total')).toBeVisible();
  await page.getByRole('button', { name: 'Get the invoice' }).click();
  await expect(page.getByText(/^\$21\.00 · [\d,]+ sats$/)).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for the payment' }),
  ).toBeVisible();
  await payShownInvoice(page, baseURL!);

  // The purchase monitor completes the flow.
  await expect(page.getByRole('heading', { name: 'Welcome to Premium' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText(`Payment received. ${wanted}@${host} is yours and verified on this server.`),
  ).toBeVisible();
  await page.getByRole('link', { name: 'View your profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/${wanted}$`));
  await expect(page.getByRole('heading', { level: 1, name: /Pat Premium/ })).toBeVisible();
  await expect(page.getByRole('img', { name: `Verified name ${wanted}@${host}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('tier-badge')).toHaveText('Premium member');

  // The landing page is now the member's: address, tier, and every page to manage it.
  await page.goto('/premium');
  await expect(page.getByTestId('premium-address')).toHaveText(`${wanted}@${host}`);
  const manage = page.getByRole('navigation', { name: 'Manage' });
  for (const name of [
    'Change your name',
    'Extend your subscription',
    'Become a Legend',
    'Media management',
    'Contact list recovery',
    'Content backup',
    'Purchase history',
  ])
    await expect(manage.getByRole('link', { name })).toBeVisible();
  await manage.getByRole('link', { name: 'Purchase history' }).click();
  await expect(page.getByRole('cell', { name: '3 Months of Premium' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$21.00' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(errors).toEqual([]);
});

test('as a legend the user customizes the avatar ring, seen on the profile', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/${wanted}`);
  await expect(page.getByRole('heading', { level: 1, name: /Pat Premium/ })).toBeVisible();
  await expect(page.getByTestId('legend-ring')).toHaveCount(0);

  // Before the donation the page says what Legend is.
  await page.goto('/premium/legend');
  await expect(page.getByText(/Legend customization is for Legends/)).toBeVisible();
  await page.getByRole('link', { name: 'Become a Legend' }).click();
  await expect(page.getByRole('radio', { name: /Legend/ })).toBeChecked();
  const amount = page.getByRole('textbox', { name: 'Amount in US dollars' });
  await amount.fill('999');
  await expect(page.getByText('A Legend donation is at least $1000.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get the invoice' })).toBeDisabled();
  await amount.fill('1000');
  await page.getByRole('button', { name: 'Get the invoice' }).click();
  await payShownInvoice(page, baseURL!);
  await expect(page.getByRole('heading', { name: 'Welcome, Legend' })).toBeVisible({
    timeout: 30_000,
  });

  await page.goto('/premium/legend');
  await page.getByText('Aqua', { exact: true }).click();
  await page.getByRole('switch', { name: 'Glow around my avatar' }).click();
  const preview = page.getByRole('figure', { name: 'Preview' });
  await expect(preview.locator('[data-legend-style="AQUA"][data-glow="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Legend customization saved' }),
  ).toBeVisible();

  await page.goto(`/${wanted}`);
  const ring = page.locator('.profile-avatar').getByTestId('legend-ring');
  await expect(ring).toHaveAttribute('data-legend-style', 'AQUA', { timeout: 20_000 });
  await expect(ring).toHaveAttribute('data-glow', 'true');
  await expect(page.getByTestId('tier-badge')).toHaveText('Legend');
});

test('media management lists a Blossom upload and deletes it after a confirmation', async ({
  page,
  baseURL,
}) => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWNgYPgPRmAKABf2A/38FIMyAAAAAElFTkSuQmCC',
    'base64',
  );
  const sha256 = createHash('sha256').update(png).digest('hex');
  const at = Math.floor(Date.now() / 1000);
  const blossom = finalizeEvent(
    {
      kind: 24242,
      content: 'upload blob',
      tags: [
        ['t', 'upload'],
        ['expiration', String(at + 300)],
        ['x', sha256],
      ],
      created_at: at,
    },
    sk,
  );
  const put = await fetch(`${baseURL}/upload`, {
    method: 'PUT',
    headers: {
      authorization: `Nostr ${Buffer.from(JSON.stringify(blossom)).toString('base64url')}`,
      'content-type': 'image/png',
    },
    body: png,
  });
  expect(put.status).toBe(201);
  const { url } = (await put.json()) as { url: string };

  await signIn(page);
  await page.goto('/premium/media');
  const list = page.getByRole('region', { name: 'Your uploads' });
  const row = list.getByRole('listitem').filter({ hasText: `${sha256}.png` });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('image/png');
  await expect(page.getByTestId('media-image')).not.toHaveText('0 bytes');
  await row.getByRole('button', { name: `Delete ${sha256}.png` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'File deleted' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No uploads yet')).toBeVisible();
  expect((await fetch(url)).status).toBe(404);
});

test('contacts recovery restores an earlier follow list', async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto('/premium/contacts');
  const versions = page.getByTestId('contact-version');
  await expect(versions.first()).toContainText('1 follow');
  await expect(versions.first()).toContainText('Current');
  const earlier = versions.filter({ hasText: '2 follows' });
  await earlier.getByRole('button', { name: /Restore the list of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this follow list?' });
  await expect(dialog).toContainText('Your follows become the 2 of');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Follow list restored' })).toBeVisible({
    timeout: 30_000,
  });
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  await expect
    .poll(
      async () => {
        const lists = await query(relay, { kinds: [3], authors: [pubkey] });
        const latest = lists.sort((a, b) => b.created_at - a.created_at)[0];
        return latest?.tags
          .filter((t) => t[0] === 'p')
          .map((t) => t[1])
          .sort();
      },
      { timeout: 20_000 },
    )
    .toEqual([alice!.pubkey, bob!.pubkey].sort());
  // The restored list is now the current one, at the top.
  await expect(versions.first()).toContainText('2 follows');
});

test('content backup counts events per kind and downloads JSONL of signed events', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/premium/backup');
  const table = page.getByRole('table', { name: 'Your events by kind' });
  await expect(table.getByRole('row', { name: /Profile/ })).toContainText('1');
  await expect(table.getByRole('row', { name: /Follow list/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const events = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Parameters<typeof verifyEvent>[0]);
  expect(events.length).toBeGreaterThanOrEqual(3);
  for (const e of events) {
    expect(e.pubkey).toBe(pubkey);
    expect(verifyEvent(e)).toBe(true);
  }
  expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining([0, 3]));
  await expect(
    page.getByRole('status').filter({ hasText: /Backup downloaded \(\d+ events\)/ }),
  ).toBeVisible();
});
