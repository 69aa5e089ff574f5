import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoAccounts, type DemoAccount } from '@swell/devnet';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { publish, query } from './relay-client.ts';
import { screenshot } from './screenshots.ts';
import { connectWallet, devnetWallet, devnetWalletMsat } from './social-helpers.ts';
import { themedAxe } from './theme-matrix.ts';

// Author subscriptions (NIP-88, issue 33): the demo network gives carol and erin paid tiers
// (kind 37001) and a tier list; a subscriber publishes kind 7001 and pays its first period with a
// zap to the creator whose request names the 7001; kind 7002 ends it.

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;
const carol = demoAccounts.find((a) => a.name === 'carol')!;
const erin = demoAccounts.find((a) => a.name === 'erin')!;
const port = process.env.E2E_PORT;
const origin = `http://127.0.0.1:${port}`;
const relay = `ws://127.0.0.1:${port}/relay`;

test.describe.configure({ timeout: 240_000 });

/** A context signed in as `who` (nsec, no PIN), optionally with the devnet's WebLN stand-in. */
async function signedIn(
  browser: Browser,
  who: DemoAccount,
  { webln = false }: { webln?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext();
  if (webln) {
    const script = await (await fetch(`${origin}/devnet/webln.js`)).text();
    await context.addInitScript({ content: script });
  }
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(who.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText(`Signed in as ${who.displayName}`)).toBeVisible();
  return page;
}

/** Ends, straight on the relay, whatever subscription bob has left to erin (a retried run). */
async function clearSubscriptions(who: DemoAccount, creator: DemoAccount) {
  const open = await query(relay, { kinds: [7001], authors: [who.pubkey], '#p': [creator.pubkey] });
  const ended = new Set(
    (await query(relay, { kinds: [7002], authors: [who.pubkey] })).flatMap((e) =>
      e.tags.filter((t) => t[0] === 'e').map((t) => t[1]),
    ),
  );
  for (const sub of open.filter((e) => !ended.has(e.id))) {
    const end = finalizeEvent(
      {
        kind: 7002,
        created_at: Math.floor(Date.now() / 1000),
        tags: [
          ['p', creator.pubkey],
          ['e', sub.id],
        ],
        content: '',
      },
      hexToBytes(who.secretKeyHex),
    );
    await publish(relay, end);
  }
}

async function openProfile(page: Page, who: DemoAccount) {
  await page.goto(`/p/${who.npub}`);
  await expect(page.getByRole('heading', { name: who.displayName, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

test('bob subscribes to a tier of erin paid by wallet connect, and unsubscribes', async ({
  browser,
}) => {
  await clearSubscriptions(bob, erin);
  const page = await signedIn(browser, bob);
  const errors = watchConsole(page);

  // A wallet that cannot pay the 2,100 sats: the 7001 goes out, the payment fails, and the
  // subscription is withdrawn (a 7002 names it); the button still offers Subscribe.
  const poor = await devnetWallet(origin, 1_000);
  await page.goto('/settings/zaps');
  await connectWallet(page, poor.uri, 1_000);
  await openProfile(page, erin);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click({ timeout: 30_000 });
  let dialog = page.getByRole('dialog', { name: `Subscribe to ${erin.displayName}` });
  await expect(dialog.getByRole('group', { name: 'Sketchbook' })).toContainText(
    'A look over my shoulder while I draw.',
  );
  await expect(dialog.getByRole('group', { name: 'Collector' })).toContainText(
    'A signed print every quarter',
  );
  await expect(dialog.getByRole('radio', { name: '2,100 sats per month' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '200,000 sats per year' })).toBeVisible();
  await expect(dialog.getByText('The first month is paid now with Wallet connect.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Subscribe for 2,100 sats' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The payment failed', { timeout: 60_000 });
  await expect
    .poll(
      async () => {
        const subs = await query(relay, {
          kinds: [7001],
          authors: [bob.pubkey],
          '#p': [erin.pubkey],
        });
        const ends = await query(relay, {
          kinds: [7002],
          authors: [bob.pubkey],
          '#p': [erin.pubkey],
        });
        return subs.every((s) =>
          ends.some((e) => e.tags.some((t) => t[0] === 'e' && t[1] === s.id)),
        )
          ? subs.length
          : -1;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  expect(await devnetWalletMsat(origin, poor.walletPubkey)).toBe(1_000_000);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();

  // A wallet that can: the 7001 on the relay, erin's wallet paid 2,100 sats for it.
  const before = await query(relay, { kinds: [7001], authors: [bob.pubkey], '#p': [erin.pubkey] });
  const wallet = await devnetWallet(origin, 100_000);
  await page.goto('/settings/zaps');
  await connectWallet(page, wallet.uri, 100_000);
  await openProfile(page, erin);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click({ timeout: 30_000 });
  dialog = page.getByRole('dialog', { name: `Subscribe to ${erin.displayName}` });
  await dialog.getByRole('button', { name: 'Subscribe for 2,100 sats' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByText(`Subscribed to ${erin.displayName}`, { exact: true })).toBeVisible();
  const subscribed = page.getByRole('button', { name: 'Subscribed', exact: true });
  await expect(subscribed).toBeVisible();

  const after = await query(relay, { kinds: [7001], authors: [bob.pubkey], '#p': [erin.pubkey] });
  const sub = after.find((e) => !before.some((b) => b.id === e.id))!;
  expect(sub).toBeDefined();
  const sketchbook = (
    await query(relay, { kinds: [37001], authors: [erin.pubkey], '#d': ['sketchbook'] })
  )[0]!;
  expect(sub.tags).toEqual([
    ['p', erin.pubkey],
    ['e', sketchbook.id],
    ['amount', '2100000', 'msats', 'monthly'],
    ['event', JSON.stringify(sketchbook)],
  ]);
  expect(await devnetWalletMsat(origin, wallet.walletPubkey)).toBeLessThanOrEqual(
    100_000_000 - 2_100_000,
  );
  // Erin's wallet (the devnet's node behind erin@host) got the sats: the receipt names the 7001,
  // and the invoice it was for is paid.
  let receipt: Awaited<ReturnType<typeof query>>[number] | undefined;
  await expect
    .poll(
      async () => {
        receipt = (await query(relay, { kinds: [9735], '#e': [sub.id] }))[0];
        return receipt?.tags.find((t) => t[0] === 'p')?.[1];
      },
      { timeout: 30_000 },
    )
    .toBe(erin.pubkey);
  const bolt11 = receipt!.tags.find((t) => t[0] === 'bolt11')![1];
  const invoices = (await (await fetch(`${origin}/devnet/invoices`)).json()) as {
    invoice: string;
    amountMsat: number;
    status: string;
  }[];
  expect(invoices.find((i) => i.invoice === bolt11)).toMatchObject({
    amountMsat: 2_100_000,
    status: 'paid',
  });

  // After a reload the cache says so too.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Subscribed', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // Unsubscribe: a confirmation, then kind 7002 naming the 7001.
  await page.getByRole('button', { name: 'Subscribed', exact: true }).click();
  dialog = page.getByRole('dialog', { name: `Your subscription to ${erin.displayName}` });
  await expect(dialog).toContainText('You subscribe to Sketchbook for 2,100 sats per month.');
  await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
  const confirm = page.getByRole('dialog', { name: `Unsubscribe from ${erin.displayName}?` });
  await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText(`Unsubscribed from ${erin.displayName}`, { exact: true }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  const ends = await query(relay, { kinds: [7002], authors: [bob.pubkey], '#e': [sub.id] });
  expect(ends).toHaveLength(1);
  expect(ends[0]!.tags).toEqual([
    ['p', erin.pubkey],
    ['e', sub.id],
  ]);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('profile Subscribe and the subscribe window at 390 and 1280 px, light and dark', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const page = await signedIn(browser, alice, { webln: true });
  const errors = watchConsole(page);
  await openProfile(page, carol);
  for (const [theme, label] of [
    ['sunrise', 'Sunrise wave'],
    ['midnight', 'Midnight wave'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const [size, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `/p/${carol.npub}`);
      const button = page.getByRole('button', { name: 'Subscribe', exact: true });
      await expect(button).toBeVisible({ timeout: 30_000 });
      // The action row still fits one row beside it.
      const row = await page.locator('.profile-actions').boundingBox();
      const follow = await page.locator('.profile-actions .follow-button').boundingBox();
      expect(Math.abs(row!.y - follow!.y)).toBeLessThan(8);
      for (const name of ['profile', 'modal'] as const) {
        const where = `${theme} ${size} ${name}`;
        if (name === 'modal') {
          await button.click();
          const dialog = page.getByRole('dialog', { name: `Subscribe to ${carol.displayName}` });
          // Dollar prices in sats at the server's rate.
          await expect(
            dialog.getByRole('radio', { name: /^\$5 \(about [\d,]+ sats\) per month$/ }),
          ).toBeVisible({ timeout: 30_000 });
          await expect(dialog.getByRole('radio', { name: '1,000 sats per month' })).toBeChecked();
          await expect(
            dialog.getByText('The first month is paid now with Browser extension.'),
          ).toBeVisible();
        }
        await page.evaluate(() => document.fonts.ready);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(widths.scroll, `${where}: sideways overflow`).toBeLessThanOrEqual(widths.inner);
        const axe = await themedAxe(new AxeBuilder({ page }), theme, size).analyze();
        expect(
          axe.violations.map(
            (v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(', ')})`,
          ),
        ).toEqual([]);
        await screenshot(page, { path: testInfo.outputPath(`${theme}-${size}-${name}.png`) });
      }
      await page.keyboard.press('Escape');
    }
  }
  expect(errors).toEqual([]);
  await page.context().close();
});
