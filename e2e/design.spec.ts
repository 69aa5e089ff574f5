import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { watchConsole } from './console-guard.ts';
import { themedAxe } from './theme-matrix.ts';
import { screenshot } from './screenshots.ts';

// The design at phone and desktop sizes in all four themes: on home, a thread, a profile,
// settings, nothing overflows sideways, axe finds no
// violations and the console stays clean. Full-page screenshots of each go to the test output
// folder (test-results/...) to be looked at.

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const themes = [
  ['sunrise', 'Sunrise wave'],
  ['sunset', 'Sunset wave'],
  ['midnight', 'Midnight wave'],
  ['ice', 'Ice wave'],
] as const;
const sizes = [
  ['phone', 390, 844],
  ['desktop', 1280, 800],
] as const;

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

function screens(threadPath: string): Screen[] {
  return [
    {
      name: 'home',
      path: '/home',
      ready: (page) =>
        expect(page.getByRole('feed', { name: 'Home' }).locator('article').first()).toBeVisible(),
    },
    {
      name: 'thread',
      path: threadPath,
      ready: async (page) => {
        await expect(page.locator('article[aria-current="true"]')).toBeVisible();
        await expect(page.locator('.thread-parents article').first()).toBeVisible();
      },
    },
    {
      name: 'profile',
      path: `/p/${alice.npub}`,
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
        await expect(
          page.getByRole('feed', { name: 'Notes' }).locator('article').first(),
        ).toBeVisible();
      },
    },
    {
      name: 'settings',
      path: '/settings',
      ready: (page) =>
        expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(),
    },
  ];
}

/** A thread with parents: the first of Alice's replies. */
async function findThreadPath(page: Page): Promise<string> {
  await page.goto(`/p/${alice.npub}`);
  await page.getByRole('tab', { name: 'Replies' }).click();
  const reply = page.getByRole('feed', { name: 'Replies' }).locator('article .note-time').first();
  await expect(reply).toBeVisible();
  return (await reply.getAttribute('href'))!;
}

for (const [theme, label] of themes) {
  test(`${label}: home, thread, profile and settings fit 390 and 1280 px, axe-clean`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const threadPath = await findThreadPath(page);
    for (const [size, width, height] of sizes) {
      await page.setViewportSize({ width, height });
      for (const screen of screens(threadPath)) {
        const where = `${theme} ${size} ${screen.name}`;
        await page.goto(screen.path);
        await screen.ready(page);
        await page.evaluate(() => document.fonts.ready);
        await page.mouse.move(0, 0);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(
          widths.scroll,
          `${where}: scrollWidth ${widths.scroll} > ${widths.inner}`,
        ).toBeLessThanOrEqual(widths.inner);
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
        // Sticky bars stay where they are when a scrolled page is captured whole: go to the top.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, {
          path: testInfo.outputPath(`${theme}-${size}-${screen.name}.png`),
          fullPage: true,
        });
      }
    }
    expect(errors).toEqual([]);
  });
}

test('nothing overflows sideways at 360 px, on every built screen', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const threadPath = await findThreadPath(page);
  const paths = [
    ...screens(threadPath),
    ...[
      '/settings/appearance',
      '/settings/network',
      '/help',
      '/downloads',
      '/notifications',
      '/reads',
      '/explore',
      '/explore?tab=zaps',
      '/search/zap',
      '/asearch/zap%20kind%3A30023',
      '/feeds',
    ].map((path) => ({
      name: path,
      path,
      ready: (p: Page) => expect(p.locator('main h1')).toBeVisible(),
    })),
    {
      name: 'app-download-qr',
      path: '/app-download-qr',
      ready: (p: Page) => expect(p.getByRole('img', { name: /^QR code of/ })).toBeVisible(),
    },
  ];
  for (const screen of paths) {
    await page.goto(screen.path);
    await screen.ready(page);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll, `${screen.name}: ${widths.scroll} > ${widths.inner}`).toBeLessThanOrEqual(
      widths.inner,
    );
  }
});
