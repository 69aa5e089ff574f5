import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { encrypt as nip04Encrypt } from 'nostr-tools/nip04';
import { npubEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { navBadge, publish, signedIn } from './social-helpers.ts';

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;

test.describe.configure({ timeout: 180_000 });

test('alice and bob exchange NIP-04 and NIP-17 messages live; a stranger lands under "other"', async ({
  browser,
}) => {
  const bobPage = await signedIn(browser, bob);
  const bobErrors = watchConsole(bobPage);
  await bobPage.goto('/dms');
  await expect(bobPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  // The demo network gave bob conversations of both kinds; start from nothing unread.
  await expect(bobPage.locator('.dm-contact').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => navBadge(bobPage, 'Messages'), { timeout: 30_000 }).toBeGreaterThan(0);
  const markAll = bobPage.getByRole('button', { name: 'Mark all as read' });
  await expect(markAll).toBeEnabled({ timeout: 30_000 });
  await markAll.click();
  await expect.poll(() => navBadge(bobPage, 'Messages'), { timeout: 30_000 }).toBe(0);
  await expect(markAll).toBeDisabled();
  await bobPage.goto('/home');

  const alicePage = await signedIn(browser, alice);
  const aliceErrors = watchConsole(alicePage);
  await alicePage.goto(`/dms/${bob.npub}`);
  await expect(alicePage.getByRole('heading', { name: 'Bob', level: 1 })).toBeVisible();
  const privateSwitch = alicePage.getByRole('switch', { name: 'Private message (NIP-17)' });
  await expect(privateSwitch).toBeEnabled({ timeout: 30_000 });
  const box = alicePage.getByRole('textbox', { name: 'Message to Bob' });
  const tag = Math.random().toString(36).slice(2, 8);

  // NIP-04 first: shown at once as pending, then confirmed.
  if ((await privateSwitch.getAttribute('aria-checked')) === 'true') await privateSwitch.click();
  await expect(privateSwitch).toHaveAttribute('aria-checked', 'false');
  await box.fill(`legacy hello ${tag}`);
  await alicePage.getByRole('button', { name: 'Send' }).click();
  const first = alicePage.locator('.dm-message', { hasText: `legacy hello ${tag}` });
  await expect(first).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(first).not.toHaveAttribute('data-delivery', 'pending', { timeout: 30_000 });
  await expect(first).toHaveAttribute('data-protocol', 'nip04');

  // Bob's badge rises live.
  await expect.poll(() => navBadge(bobPage, 'Messages'), { timeout: 30_000 }).toBe(1);

  // Then NIP-17 (a second later, so the order is certain).
  await alicePage.waitForTimeout(1100);
  await privateSwitch.click();
  await expect(privateSwitch).toHaveAttribute('aria-checked', 'true');
  await box.fill(`private hello ${tag}`);
  await box.press('Enter');
  const second = alicePage.locator('.dm-message', { hasText: `private hello ${tag}` });
  await expect(second).toBeVisible();
  await expect(second).toHaveAttribute('data-protocol', 'nip17', { timeout: 30_000 });
  await expect.poll(() => navBadge(bobPage, 'Messages'), { timeout: 30_000 }).toBe(2);

  // Bob sees alice (a follow) with 2 unread, opens the conversation: both, in order; read.
  await bobPage
    .getByRole('navigation')
    .getByRole('link', { name: /^Messages/ })
    .first()
    .click();
  await bobPage.getByRole('tab', { name: /Follows/ }).click();
  const aliceRow = bobPage
    .getByRole('link', { name: /Alice/ })
    .filter({ hasText: 'private hello' });
  await expect(aliceRow).toBeVisible({ timeout: 30_000 });
  await expect(aliceRow.getByLabel('2 unread')).toBeVisible();
  await aliceRow.click();
  await expect(bobPage.getByRole('heading', { name: 'Alice', level: 1 })).toBeVisible();
  const mine = bobPage.locator('.dm-message', { hasText: tag });
  await expect(mine).toHaveCount(2, { timeout: 30_000 });
  await expect(mine.nth(0)).toContainText(`legacy hello ${tag}`);
  await expect(mine.nth(0)).toHaveAttribute('data-protocol', 'nip04');
  await expect(mine.nth(1)).toContainText(`private hello ${tag}`);
  await expect(mine.nth(1)).toHaveAttribute('data-protocol', 'nip17');
  await expect.poll(() => navBadge(bobPage, 'Messages'), { timeout: 30_000 }).toBe(0);
  const axe = await new AxeBuilder({ page: bobPage }).include('main').analyze();
  expect(
    axe.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  // Bob answers (NIP-17 is his automatic choice: alice wrote privately); alice sees it live.
  const bobSwitch = bobPage.getByRole('switch', { name: 'Private message (NIP-17)' });
  await expect(bobSwitch).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
  await bobPage.getByRole('textbox', { name: 'Message to Alice' }).fill(`got both ${tag}`);
  await bobPage.getByRole('button', { name: 'Send' }).click();
  await expect(alicePage.locator('.dm-message', { hasText: `got both ${tag}` })).toBeVisible({
    timeout: 30_000,
  });

  // A stranger (not followed by bob) writes: the badge rises, the contact is under "Other".
  await bobPage.goto('/dms');
  const strangerSk = generateSecretKey();
  const stranger = getPublicKey(strangerSk);
  await publish(
    bobPage,
    finalizeEvent(
      {
        kind: 4,
        created_at: Math.floor(Date.now() / 1000),
        tags: [['p', bob.pubkey]],
        content: nip04Encrypt(strangerSk, bob.pubkey, `hi from a stranger ${tag}`),
      },
      strangerSk,
    ),
  );
  await expect.poll(() => navBadge(bobPage, 'Messages'), { timeout: 30_000 }).toBe(1);
  await bobPage.getByRole('tab', { name: /Other/ }).click();
  const strangerRow = bobPage.locator('.dm-contact', { hasText: `hi from a stranger ${tag}` });
  await expect(strangerRow).toBeVisible({ timeout: 30_000 });
  await expect(bobPage.getByRole('tab', { name: /Follows/ })).toBeVisible();
  await expect(strangerRow).toHaveAttribute('href', `/dms/${npubEncode(stranger)}`);
  await expect(bobPage.getByRole('tab', { name: /Follows/ })).not.toContainText('1');

  expect(aliceErrors).toEqual([]);
  expect(bobErrors).toEqual([]);
});
