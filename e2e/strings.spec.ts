import { expect, test, type Page } from '@playwright/test';
import { npubEncode } from 'nostr-tools/nip19';
import { demoAccounts } from '@swell/devnet';
import { go } from './navigate.ts';
import { signInWithKey } from './settings-helpers.ts';

// Most screens' strings load with the screen's code (apps/web/src/i18n/add-strings.ts). Under
// automation the app reports a string it cannot find as a console error ("Missing string: …"):
// every route, for a guest and for a signed-in user, and the dialogs a note card opens, must
// render without one, and without a raw key on screen.

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;
const bobNpub = npubEncode(bob.pubkey);

const routes = [
  '/home',
  '/reads',
  '/explore',
  '/dms',
  '/notifications',
  '/bookmarks',
  '/downloads',
  '/help',
  '/wallet',
  '/feeds',
  '/asearch',
  '/search/nostr',
  `/profile/${bobNpub}`,
  `/mutelist/${bobNpub}`,
  '/new',
  '/settings',
  ...[
    'appearance',
    'network',
    'muted',
    'filters',
    'account',
    'home_feeds',
    'reads_feeds',
    'notifications',
    'profile',
    'zaps',
    'tiers',
  ].map((s) => `/settings/${s}`),
  '/premium',
  ...[
    'name',
    'subscribe',
    'rename',
    'support',
    'legend',
    'relay',
    'media',
    'contacts',
    'backup',
    'og',
    'history',
  ].map((s) => `/premium/${s}`),
  '/404',
  '/terms',
  '/privacy',
  '/support',
  '/app-download-qr',
];

/** "Missing string: …" console errors, and text on screen that looks like a raw key. */
function watchStrings(page: Page): string[] {
  const missing: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().startsWith('Missing string')) missing.push(msg.text());
  });
  return missing;
}

async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text.match(/\b(?:[a-z]+[A-Z]\w*|[a-z]+)\.[a-z]+[A-Z]\w*\b/g) ?? [];
}

/** Counts the page's HTTP requests in flight (lazy chunks, API fetches, images). */
function watchRequests(page: Page): () => number {
  let pending = 0;
  page.on('request', () => void pending++);
  page.on('requestfinished', () => void pending--);
  page.on('requestfailed', () => void pending--);
  return () => pending;
}

/** The screen's heading is shown and no request has been in flight for 200 ms. */
async function settle(page: Page, pending: () => number) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  // Lazy parts of the screen (sidebar, cards, step pages) load just after its heading.
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending() > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 200;
      },
      { timeout: 15_000, intervals: [50] },
    )
    .toBe(true);
}

for (const who of ['guest', 'signed in'] as const) {
  test(`every route renders its strings (${who})`, async ({ page }) => {
    test.setTimeout(240_000);
    if (who === 'signed in') await signInWithKey(page, alice);
    const missing = watchStrings(page);
    const pending = watchRequests(page);
    const raw: string[] = [];
    // One load, then in-app navigation as a user follows links: each screen's strings must
    // arrive with its own chunk, whatever was loaded before it.
    await page.goto(routes[0]!);
    for (const path of routes) {
      await go(page, path);
      await expect(page).toHaveURL((u) => u.pathname === path);
      await settle(page, pending);
      raw.push(...(await rawKeys(page)).map((k) => `${path}: ${k}`));
    }
    expect(missing).toEqual([]);
    expect(raw).toEqual([]);
  });
}

test('the dialogs a note card opens render their strings (signed in)', async ({ page }) => {
  await signInWithKey(page, alice);
  const missing = watchStrings(page);
  await page.goto('/home');
  const card = page.getByRole('feed', { name: 'Home' }).locator('article').first();
  await expect(card).toBeVisible({ timeout: 30_000 });

  await card.getByRole('button', { name: 'More actions' }).click();
  const menu = page.getByRole('menu', { name: 'More actions' });
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New note' }).first().click();
  const composer = page.getByRole('dialog', { name: 'New note' });
  await expect(composer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(composer).toBeHidden();

  // A right click opens the custom zap window.
  await card.getByRole('button', { name: /^Zap/ }).click({ button: 'right' });
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.waitForTimeout(500);
  expect(missing).toEqual([]);
});
