import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { watchConsole } from './console-guard.ts';
import { go } from './navigate.ts';
import { themedAxe } from './theme-matrix.ts';
import { freshAccount, seedAccount, signInWithKey } from './settings-helpers.ts';
import { screenshot } from './screenshots.ts';

// The list screens signed in (as Grace, who keeps the bookmarks and mutes the demo network gave
// her): /bookmarks, Settings > Muted accounts and Content moderation, a profile with its follow
// button, Explore > People with its follow buttons, a mute list page and the mute and report dialogs, at 390 and 1280 px in a light and a
// dark theme. Nothing overflows sideways, axe finds no violations, the console stays clean;
// screenshots go to the test output folder to be looked at.

const grace = demoAccounts.find((a) => a.name === 'grace')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;
const themes = [
  ['sunrise', 'Sunrise wave'],
  ['midnight', 'Midnight wave'],
] as const;
const sizes = [
  ['phone', 390, 844],
  ['desktop', 1280, 800],
] as const;

const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'bookmarks',
    path: '/bookmarks',
    ready: (page) =>
      expect(page.getByRole('feed', { name: 'Notes' }).locator('article').first()).toBeVisible(),
  },
  {
    name: 'muted',
    path: '/settings/muted',
    ready: (page) =>
      expect(
        page
          .getByRole('region', { name: /^Accounts/ })
          .getByRole('listitem')
          .first(),
      ).toBeVisible(),
  },
  {
    name: 'filters',
    path: '/settings/filters',
    ready: (page) => expect(page.getByRole('heading', { name: 'Allowlist' })).toBeVisible(),
  },
  {
    name: 'profile',
    path: `/p/${bob.npub}`,
    ready: (page) => expect(page.getByRole('button', { name: /follow Bob$/i })).toBeVisible(),
  },
  {
    name: 'people',
    path: '/explore?tab=people',
    ready: (page) =>
      expect(
        page
          .getByRole('feed', { name: 'People' })
          .getByRole('button', { name: /^Follow / })
          .first(),
      ).toBeVisible(),
  },
  {
    name: 'mutelist',
    path: `/mutelist/${bob.npub}`,
    ready: (page) =>
      expect(page.getByRole('list', { name: 'Accounts' }).getByRole('link').first()).toBeVisible(),
  },
];

async function check(page: Page, where: string, testInfo: TestInfo, file: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${where}: scrollWidth ${widths.scroll}`).toBeLessThanOrEqual(widths.inner);
  // `where` starts with the theme and the size.
  const [theme = '', size = ''] = where.split(' ');
  const axe = await themedAxe(new AxeBuilder({ page }), theme, size).analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${where} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: testInfo.outputPath(file), fullPage });
}

for (const [theme, label] of themes) {
  test(`${label}: list screens and dialogs at 390 and 1280 px, axe-clean`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    await signInWithKey(page, grace);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // The signed-in user's saved settings arrive after the first load: choose the theme after.
    await page.waitForTimeout(3000);
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    for (const [size, width, height] of sizes) {
      await page.setViewportSize({ width, height });
      for (const screen of screens) {
        await go(page, screen.path);
        await screen.ready(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await check(
          page,
          `${theme} ${size} ${screen.name}`,
          testInfo,
          `${theme}-${size}-${screen.name}.png`,
        );
      }
      // The dialogs, from Bob's profile menu.
      await go(page, `/p/${bob.npub}`);
      await screens.find((s) => s.name === 'profile')!.ready(page);
      for (const [item, name] of [
        [/^Mute Bob/, 'Mute Bob'],
        ['Report user', 'Report Bob'],
      ] as const) {
        await page
          .locator('.profile-actions')
          .getByRole('button', { name: 'More actions' })
          .click();
        await page.getByRole('menuitem', { name: item }).click();
        const dialog = page.getByRole('dialog', { name });
        await expect(dialog).toBeVisible();
        await check(
          page,
          `${theme} ${size} ${name}`,
          testInfo,
          `${theme}-${size}-${name.split(' ')[0]!.toLowerCase()}-dialog.png`,
          false,
        );
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    expect(errors).toEqual([]);
  });
}

for (const [theme, label] of themes) {
  test(`${label}: article bookmarks (reads, confirmations, the reads tab) and muting a typed account`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    // A new account: its first bookmark and its last removal ask first.
    const me = freshAccount();
    await seedAccount(baseURL!, me, { name: 'designer' }, [bob.pubkey]);
    await signInWithKey(page, me);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    // Settings > Muted accounts with the account field refusing a bad key.
    for (const [size, width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await go(page, '/settings/muted');
      const accounts = page.getByRole('region', { name: /^Accounts/ });
      await accounts.getByLabel(/^Account to mute/).fill('npub1notakey');
      await accounts.getByRole('button', { name: 'Mute', exact: true }).click();
      await expect(accounts.getByRole('alert')).toBeVisible();
      await check(
        page,
        `${theme} ${size} muted-error`,
        testInfo,
        `${theme}-${size}-muted-error.png`,
      );
    }

    const [, phoneWidth, phoneHeight] = sizes[0];
    const [, deskWidth, deskHeight] = sizes[1];
    await page.setViewportSize({ width: phoneWidth, height: phoneHeight });
    await go(page, '/reads');
    const card = page.locator('article.article-card').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const id = (await card.getAttribute('data-note-id'))!;
    await check(page, `${theme} phone reads`, testInfo, `${theme}-phone-reads.png`, false);
    await card.getByRole('button', { name: 'Bookmark' }).click();
    const first = page.getByRole('dialog', { name: 'Bookmarks are public' });
    await expect(first).toBeVisible();
    await check(
      page,
      `${theme} phone first bookmark`,
      testInfo,
      `${theme}-phone-first-bookmark.png`,
      false,
    );
    await first.getByRole('button', { name: 'Bookmark' }).click();
    await expect(card.getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: 20_000 },
    );

    for (const [size, width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await go(page, '/bookmarks');
      await page.getByRole('tab', { name: 'Reads' }).click();
      await expect(page.locator(`article[data-note-id="${id}"]`)).toBeVisible({ timeout: 20_000 });
      await check(
        page,
        `${theme} ${size} bookmarked reads`,
        testInfo,
        `${theme}-${size}-bookmarked-reads.png`,
      );
    }

    await page.setViewportSize({ width: deskWidth, height: deskHeight });
    await go(page, '/reads');
    const saved = page.locator(`article[data-note-id="${id}"]`);
    await expect(saved).toBeVisible({ timeout: 30_000 });
    await check(page, `${theme} desktop reads`, testInfo, `${theme}-desktop-reads.png`, false);
    await saved.getByRole('button', { name: 'Bookmark' }).click();
    const last = page.getByRole('dialog', { name: 'Remove your last bookmark?' });
    await expect(last).toBeVisible();
    await check(
      page,
      `${theme} desktop last bookmark`,
      testInfo,
      `${theme}-desktop-last-bookmark.png`,
      false,
    );
    await page.keyboard.press('Escape');
    await expect(last).toBeHidden();
    expect(errors).toEqual([]);
  });
}
