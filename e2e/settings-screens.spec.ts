import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { freshAccount, signInWithKey, storedSettings } from './settings-helpers.ts';
import { themedAxe } from './theme-matrix.ts';
import { screenshot } from './screenshots.ts';

// The settings pages of this branch and /new at phone and desktop sizes, in a light and a dark
// theme: nothing overflows sideways, axe finds no violations, the console stays clean.
// Full-page screenshots go to the test output folder to be looked at.

const pages: Array<[string, string, (p: Page) => Promise<void>]> = [
  [
    'home-feeds',
    '/settings/home_feeds',
    (p) => expect(p.getByRole('list', { name: 'Home feeds' }).locator('li').first()).toBeVisible(),
  ],
  [
    'reads-feeds',
    '/settings/reads_feeds',
    (p) => expect(p.getByRole('list', { name: 'Reads feeds' }).locator('li').first()).toBeVisible(),
  ],
  [
    'notifications',
    '/settings/notifications',
    (p) => expect(p.getByRole('switch', { name: 'Likes' })).toBeVisible(),
  ],
  [
    'account',
    '/settings/account',
    (p) => expect(p.getByRole('textbox', { name: 'Public key (npub)' })).toBeVisible(),
  ],
  [
    'new',
    '/new',
    (p) => expect(p.getByRole('heading', { name: 'Step 1 of 3: Your name' })).toBeVisible(),
  ],
];

for (const [theme, label] of [
  ['sunrise', 'Sunrise wave'],
  ['midnight', 'Midnight wave'],
] as const) {
  test(`${label}: settings pages and /new at 390 and 1280 px, axe-clean`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const errors = watchConsole(page);
    const me = freshAccount();
    await signInWithKey(page, me);
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // A chosen theme is saved with the user's settings; reloads below load it from the server.
    if (theme !== 'sunrise')
      await expect.poll(async () => (await storedSettings(baseURL!, me))?.theme).toBe(theme);
    for (const [size, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, path, ready] of pages) {
        const where = `${theme} ${size} ${name}`;
        await page.goto(path);
        await ready(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.evaluate(() => document.fonts.ready);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(widths.scroll, `${where}: overflow`).toBeLessThanOrEqual(widths.inner);
        const axe = await themedAxe(new AxeBuilder({ page }), theme, size).analyze();
        expect(axe.violations.map((v) => `${where} ${v.id}: ${v.help}`)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, {
          path: testInfo.outputPath(`${theme}-${size}-${name}.png`),
          fullPage: true,
        });
      }
    }
    expect(errors).toEqual([]);
  });
}
