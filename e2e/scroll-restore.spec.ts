import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { finalizeEvent } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { chooseFeed } from './feed-select.ts';
import { publish, query } from './relay-client.ts';
import { freshAccount, relayOf, seedAccount, signInWithKey } from './settings-helpers.ts';

// Issue 32: going back to a list (Home, Reads, Explore, Profile, Bookmarks, Notifications)
// finds it as it was, where the reader left it: the same rows (not loaded again) at about the
// same scroll position. Each list's model is kept by the client for back navigation.

const alice = demoAccounts.find((a) => a.name === 'alice')!;

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  // A phone's height: every list is several screens tall.
  await page.setViewportSize({ width: 390, height: 844 });
});

/** The ids of the rows (`key` attribute) on screen now. */
async function rowsOnScreen(rows: Locator, key: string): Promise<string[]> {
  return rows.evaluateAll(
    (els, attr) =>
      els
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.bottom > 0 && r.top < window.innerHeight;
        })
        .map((el) => el.getAttribute(attr) ?? ''),
    key,
  );
}

/**
 * Scrolls the list down (loading more as it goes), opens `link` (the first on screen), comes
 * back with the browser's Back, and expects the same rows at about the same place.
 */
async function leaveAndComeBack(
  page: Page,
  options: { rows: Locator; key: string; link: string; opened: Locator; minScroll?: number },
): Promise<void> {
  const { rows, key, link, opened } = options;
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 6; i++) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(150);
  }
  // Let the list settle (a page that was loading is on screen).
  await page.waitForTimeout(500);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(options.minScroll ?? 1500);
  const shown = await rowsOnScreen(rows, key);
  expect(shown.length).toBeGreaterThan(0);
  // A link on screen (the list's own rows only).
  const target = rows.locator(link);
  const onScreen = await target.evaluateAll((els) =>
    els.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return r.top > 80 && r.bottom < window.innerHeight - 80;
    }),
  );
  expect(onScreen).toBeGreaterThanOrEqual(0);
  await target.nth(onScreen).click();
  await expect(opened).toBeVisible({ timeout: 20_000 });
  await page.goBack();
  await expect(rows.first()).toBeAttached({ timeout: 20_000 });
  // About where the reader was (rows are measured again, so it may move by a row or so)...
  await expect
    .poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 })
    .toBeGreaterThan(before - 700);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 700);
  // ...showing rows that were on screen before.
  await expect
    .poll(async () => (await rowsOnScreen(rows, key)).filter((id) => shown.includes(id)).length)
    .toBeGreaterThan(0);
}

const thread = (page: Page) => page.getByRole('heading', { level: 1, name: 'Thread' });

/** A list to leave and come back to: how to open it, its feed's name, the link that leaves. */
interface ListCase {
  name: string;
  open: (page: Page, baseURL: string) => Promise<void>;
  feed: string;
  link?: string;
  opened?: (page: Page) => Locator;
  minScroll?: number;
}

const cases: ListCase[] = [
  {
    name: 'Home: back from a thread',
    open: async (page) => {
      await page.goto('/home');
      await chooseFeed(page, 'All Notes');
    },
    feed: 'Home',
  },
  {
    name: 'Reads: back from an article',
    open: (page) => page.goto('/reads').then(() => {}),
    feed: 'Articles',
    link: '.article-card-link',
    opened: (page) => page.getByRole('heading', { level: 1, name: 'Article' }),
  },
  {
    name: 'Explore: back from a thread',
    open: (page) => page.goto('/explore?timeframe=latest').then(() => {}),
    feed: 'Feeds',
  },
  {
    name: 'Profile: back from a thread',
    open: (page) => page.goto(`/p/${alice.npub}`).then(() => {}),
    feed: 'Notes',
    minScroll: 1000,
  },
  {
    name: 'Bookmarks: back from a thread',
    open: async (page, baseURL) => {
      // A reader who bookmarked 20 notes of the demo network.
      const me = freshAccount();
      await seedAccount(baseURL, me, { name: 'scroller' });
      const relay = relayOf(baseURL);
      const notes = await query(relay, { kinds: [1], authors: [alice.pubkey], limit: 20 });
      expect(notes.length).toBeGreaterThanOrEqual(10);
      const bookmarks = finalizeEvent(
        {
          kind: 10003,
          created_at: Math.floor(Date.now() / 1000) - 30,
          tags: notes.map((n) => ['e', n.id]),
          content: '',
        },
        me.secretKey,
      );
      expect((await publish(relay, bookmarks))[2]).toBe(true);
      await signInWithKey(page, me);
      await page.goto('/bookmarks');
    },
    feed: 'Notes',
    minScroll: 1000,
  },
];

for (const c of cases) {
  test(c.name, async ({ page, baseURL }) => {
    const errors = watchConsole(page);
    await c.open(page, baseURL!);
    await leaveAndComeBack(page, {
      rows: page.getByRole('feed', { name: c.feed }).locator('.feed-row'),
      key: 'data-element-id',
      link: c.link ?? '.note-time',
      opened: (c.opened ?? thread)(page),
      ...(c.minScroll ? { minScroll: c.minScroll } : {}),
    });
    expect(errors).toEqual([]);
  });
}

test('Notifications: back from a note', async ({ page }) => {
  const errors = watchConsole(page);
  await signInWithKey(page, alice);
  await page.goto('/notifications');
  const list = page.locator('.notifications');
  await leaveAndComeBack(page, {
    rows: list.locator('li[data-type]'),
    key: 'data-key',
    link: '.notif-snippet, .note-time',
    opened: thread(page),
    minScroll: 1000,
  });
  expect(errors).toEqual([]);
});
