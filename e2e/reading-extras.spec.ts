import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { chooseFeed } from './feed-select.ts';

// Issue 16: Downloads (badge rule), Help, the feed test pages, the home sidebar's selection, and
// no main navigation item left on the not-implemented notice but those of open issues.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

const notice = 'Feature not available in this preview release.';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('main navigation: every link opens a real screen, none the notice', async ({ page }) => {
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of [
    'Reads',
    'Explore',
    'Messages',
    'Notifications',
    'Wallet',
    'Downloads',
    'Premium',
    'Settings',
    'Help',
    'Bookmarks',
  ]) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(notice)).toHaveCount(0);
  }
  // The pages reached from Search and Explore are real too.
  for (const path of ['/feeds', '/asearch', '/search/zap', '/explore/feed/global-trending']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(notice)).toHaveCount(0);
  }
});

test('Downloads lists Swell releases from the server; no badge without a new mobile release', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const health = (await fetch(`${baseURL}/health`).then((r) => r.json())) as { version: string };
  await page.goto('/home');
  const downloadsLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Downloads/ });
  // Our server reports no mobile apps: the badge never shows.
  await expect(downloadsLink).toHaveText('Downloads');
  await downloadsLink.click();
  const releases = page.getByRole('region', { name: 'Releases' });
  await expect(
    releases.getByText(`Version ${health.version}, served by this server`),
  ).toBeVisible();
  await expect(releases.getByText('No app yet')).toHaveCount(2);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('Help explains the screens and the search query language', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Search queries' })).toBeVisible();
  await expect(page.getByText('kind:30023: articles instead of notes')).toBeVisible();
  await expect(page.getByText(/^Explore what is trending/)).toBeVisible();
  await expect(page.getByText(/search and the wallet/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the feed test pages list the server feeds and open one by its spec', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/feeds');
  const home = page.getByRole('region', { name: 'Home feeds' });
  const first = home.getByRole('link').first();
  await expect(first).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Reads feeds' }).getByRole('link').first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const spec = (await first.locator('code').textContent())!;
  await first.click();
  await expect(page).toHaveURL(`/feeds/${encodeURIComponent(spec)}`);
  await expect(page.locator('.feeds-spec code')).toHaveText(spec);
  await expect(page.getByRole('feed', { name: 'Feed' }).locator('article').first()).toBeVisible();

  // A spec of one's own; garbage is refused with a message.
  await page.goto('/feeds');
  await page.getByLabel('Feed specification (JSON)').fill('{not json');
  await page.getByRole('button', { name: 'Open feed' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This is not a feed specification the server understands.',
  );
  await page.goto('/feeds/%7Bnope');
  await expect(
    page.getByText('This is not a feed specification the server understands.'),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('the home sidebar shows trending or most zapped notes, remembered per user', async ({
  page,
}) => {
  await page.goto('/home');
  // Beside a feed that is not one of its lists (the guest's first feed is Trending 24h).
  await chooseFeed(page, 'All Notes');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('heading', { name: 'Trending today' })).toBeVisible();
  await expect(sidebar.locator('.trending-item').first()).toBeVisible();
  const trendingFirst = await sidebar.locator('.trending-item').first().getAttribute('href');
  await sidebar.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Most zapped 4h' }).click();
  await expect(sidebar.getByRole('heading', { name: 'Most zapped, 4 hours' })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('complementary', { name: 'Sidebar' }).getByRole('heading', {
      name: 'Most zapped, 4 hours',
    }),
  ).toBeVisible();
  expect(trendingFirst).toMatch(/^\/e\/note1/);
});
