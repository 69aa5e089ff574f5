import { expect, test } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { chooseFeed } from './feed-select.ts';
import { signedIn } from './social-helpers.ts';

// The right column serves the screen beside it instead of repeating "Trending today" on every
// screen (and beside the Trending feed itself).

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;

test.describe.configure({ timeout: 120_000 });

test('each screen has a sidebar that serves it: home, settings, wallet, a conversation, an article', async ({
  browser,
}) => {
  const page = await signedIn(browser, alice);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const trendingToday = sidebar.getByRole('heading', { name: 'Trending today' });

  // Beside the Trending feed the sidebar lists something else.
  await chooseFeed(page, 'Trending 24h');
  await expect(sidebar.getByRole('heading', { name: 'Most zapped, 4 hours' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(trendingToday).toHaveCount(0);
  await expect(sidebar.getByRole('heading', { name: 'Trending topics' })).toBeVisible();

  // Settings and the wallet: nothing beside them but the search and the about links.
  for (const path of ['/settings', '/wallet']) {
    await page.goto(path);
    await expect(sidebar.getByRole('link', { name: 'Help' })).toBeVisible({ timeout: 30_000 });
    await expect(sidebar.getByRole('heading')).toHaveCount(0);
  }

  // A conversation: the other conversations beside it, the open one marked.
  await page.goto(`/dms/${bob.npub}`);
  const conversations = sidebar.getByRole('region', { name: 'Conversations' });
  await expect(conversations).toBeVisible({ timeout: 30_000 });
  await expect(conversations.getByRole('link', { name: /Bob/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await conversations.getByRole('listitem').count()).toBeGreaterThan(1);
  await conversations
    .getByRole('link', { name: /^(?!Bob)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dms\/npub1/);
  await expect(page).not.toHaveURL(new RegExp(bob.npub));

  // An article: its writer (with a follow button) and related reads.
  await page.goto('/reads');
  const card = page.getByRole('feed').locator('article.article-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.locator('.article-card-link').click();
  const writer = sidebar.getByRole('region', { name: 'About the writer' });
  await expect(writer).toBeVisible({ timeout: 30_000 });
  await expect(writer.getByRole('button', { name: /^(Follow|Unfollow) / })).toBeVisible();
  await expect(sidebar.getByRole('region', { name: 'Related reads' })).toBeVisible();
  await expect(trendingToday).toHaveCount(0);
});
