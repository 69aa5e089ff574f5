import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { watchConsole } from './console-guard.ts';
import { go } from './navigate.ts';

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
  const axe = await new AxeBuilder({ page }).analyze();
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
  await page.screenshot({ path: testInfo.outputPath(file), fullPage });
}

for (const [theme, label] of themes) {
  test(`${label}: list screens and dialogs at 390 and 1280 px, axe-clean`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    await page.addInitScript(
      ({ nsec, pubkey }) => {
        localStorage.setItem('sec', nsec);
        localStorage.setItem('pubkey', pubkey);
      },
      { nsec: grace.nsec, pubkey: grace.pubkey },
    );
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
