import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { watchConsole } from './console-guard.ts';
import { chooseFeed } from './feed-select.ts';
import { query } from './relay-client.ts';

const alice = demoAccounts.find((a) => a.name === 'alice')!;

async function expectClean(page: Page, errors: string[]) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(errors).toEqual([]);
}

test('a guest sees home notes with avatars, names and stats', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/home');
  const feed = page.getByRole('feed', { name: 'Home' });
  const first = feed.locator('article').first();
  await expect(first).toBeVisible();
  expect(await feed.locator('article').count()).toBeGreaterThan(3);
  // Avatar on the left, the author's name linked to the profile.
  const avatar = first.locator('.note-avatar img.avatar');
  await expect(avatar).toHaveAttribute('src', /.+/);
  await expect(first.locator('.note-author .note-name')).not.toBeEmpty();
  // The action bar says its counts: replies, zaps, likes and reposts.
  await expect(first.getByRole('button', { name: /^Reply, [\d.]+[KM]? repl/ })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Zap, [\d.]+[KM]? sats? zapped/ })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Like, [\d.]+[KM]? likes?/ })).toBeVisible();
  await expect(
    first.getByRole('button', { name: /^Repost or quote, [\d.]+[KM]? reposts?/ }),
  ).toBeVisible();
  // Avatars actually load (not the broken-image state).
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth > 0))
    .toBe(true);
  await expectClean(page, errors);
});

test('a guest opens a thread from the feed; the note is focused with its replies', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/home');
  const feed = page.getByRole('feed', { name: 'Home' });
  // Pick a note that has replies.
  const withReplies = feed
    .locator('article')
    .filter({ has: page.getByRole('button', { name: /^Reply, [1-9]/ }) })
    .first();
  await expect(withReplies).toBeVisible();
  const id = await withReplies.getAttribute('data-note-id');
  await withReplies.locator('.note-time').click();
  await expect(page).toHaveURL(/\/e\/note1[0-9a-z]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thread' })).toBeVisible();
  const focused = page.locator('article[aria-current="true"]');
  await expect(focused).toHaveAttribute('data-note-id', id!);
  await expect(
    page.getByRole('region', { name: 'Replies' }).locator('article').first(),
  ).toBeVisible();
  await expectClean(page, errors);

  // The same thread by hex id and on /thread/.
  await page.goto(`/thread/${id}`);
  await expect(page.locator('article[aria-current="true"]')).toHaveAttribute('data-note-id', id!);
});

test('an invalid thread id says so', async ({ page }) => {
  await page.goto('/e/not-a-note');
  await expect(page.getByText('This is not a valid note id.')).toBeVisible();
});

test('a guest opens a profile by npub: banner, avatar, names, stats, tabs', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/p/${alice.npub}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enlarge avatar of Alice' })).toBeVisible();
  await expect(page.getByText('Followers', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  const notes = page.getByRole('feed', { name: 'Notes' }).locator('article');
  await expect(notes.first()).toBeVisible();
  // Every note of the notes tab is by Alice.
  const authors = await notes.locator('.note-name').allTextContents();
  expect(new Set(authors)).toEqual(new Set(['Alice']));
  await expectClean(page, errors);

  // The avatar opens in a lightbox.
  await page.getByRole('button', { name: 'Enlarge avatar of Alice' }).click();
  await expect(page.getByRole('dialog', { name: 'Avatar of Alice' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Tabs switch the list.
  await page.getByRole('tab', { name: 'Replies' }).click();
  await expect(page.getByRole('tab', { name: 'Replies' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('feed', { name: 'Replies' })).toBeVisible();

  // /profile/:npub is the same screen.
  await page.goto(`/profile/${alice.npub}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
});

test('a guest opens a profile by vanity name', async ({ page }) => {
  const res = await page.request.get(`/.well-known/nostr.json?name=${alice.name}`);
  const names = ((await res.json()) as { names?: Record<string, string> }).names ?? {};
  // The server serves the demo names (devnet nip05 `name@<host>`): this must hold, not skip.
  expect(names[alice.name]).toBe(alice.pubkey);
  const errors = watchConsole(page);
  await page.goto(`/${alice.name}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
  // Her name is at this server: the provider-style badge (checked through the well-known lookup).
  await expect(page.getByRole('img', { name: /^Verified name alice@/ })).toBeVisible();
  await expect(page.locator('.badge-provider')).toBeVisible();
  await expect(page.getByRole('feed', { name: 'Notes' }).locator('article').first()).toBeVisible();
  // The sidebar beside it is hers too (the route resolves the name for both).
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('heading', { name: 'Popular notes' })).toBeVisible();
  await expectClean(page, errors);
});

test('a vanity name with an identifier opens that article', async ({ page, baseURL }) => {
  const carol = demoAccounts.find((a) => a.name === 'carol')!;
  const [article] = await query(`${baseURL!.replace(/^http/, 'ws')}/relay`, {
    kinds: [30023],
    authors: [carol.pubkey],
    limit: 1,
  });
  const identifier = article!.tags.find((t) => t[0] === 'd')![1]!;
  const title = article!.tags.find((t) => t[0] === 'title')![1]!;
  await page.goto(`/${carol.name}/${identifier}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Article' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
});

test('scrolling home loads three pages with no duplicates', async ({ page }) => {
  await page.goto('/home');
  // A feed in created_at order with many notes; the selection is stored.
  await chooseFeed(page, 'All Notes');
  const feed = page.getByRole('feed', { name: 'Home' });
  await expect(feed.locator('article').first()).toBeVisible();
  // The list is virtualised: collect (position -> feed element: note or repost) while scrolling.
  const seen = new Map<number, string>();
  const collect = async () => {
    const rows = await feed
      .locator('.feed-row')
      .evaluateAll((els) =>
        els.map((el) => [
          Number(el.getAttribute('data-index')),
          el.getAttribute('data-element-id') ?? '',
        ]),
      );
    for (const [i, id] of rows as [number, string][]) {
      if (!id) continue;
      const before = seen.get(i);
      if (before) expect(before).toBe(id);
      seen.set(i, id);
    }
  };
  for (let i = 0; i < 80 && seen.size < 61; i++) {
    await collect();
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(150);
  }
  await collect();
  expect(seen.size).toBeGreaterThan(60);
  const ids = [...seen.values()];
  expect(new Set(ids).size).toBe(ids.length);

  // The selected feed survives a reload.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Feed' })).toHaveText('All Notes');
});

test('videos play while visible and pause when scrolled away', async ({ page }) => {
  await page.goto('/home');
  await chooseFeed(page, 'All Notes');
  await expect(page.getByRole('feed', { name: 'Home' }).locator('article').first()).toBeVisible();
  const video = page.locator('video').first();
  for (let i = 0; i < 100 && (await page.locator('video').count()) === 0; i++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(100);
  }
  await video.scrollIntoViewIfNeeded();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await video.evaluate((v: HTMLVideoElement) => {
    v.addEventListener('pause', () => {
      (window as unknown as { videoPaused: boolean }).videoPaused = true;
    });
  });
  await page.mouse.wheel(0, 2500);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { videoPaused?: boolean }).videoPaused))
    .toBe(true);
});

test('the reactions modal lists likes, zaps, reposts and quotes (read-only)', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/home');
  const liked = page
    .getByRole('feed', { name: 'Home' })
    .locator('article')
    .filter({ has: page.getByRole('button', { name: /^Like, [1-9]/ }) })
    .first();
  await expect(liked).toBeVisible();
  // The reactions list opens from the note's menu.
  await liked.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Reactions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reactions' });
  await expect(dialog.getByRole('tab', { name: 'Likes' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.locator('.actor-row').first()).toBeVisible();
  for (const tab of ['Zaps', 'Reposts', 'Quotes']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).not.toContainText('Loading');
  }
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('going back from a thread keeps the home list and about where the reader was', async ({
  page,
}) => {
  await page.goto('/home');
  await chooseFeed(page, 'All Notes');
  const feed = page.getByRole('feed', { name: 'Home' });
  await expect(feed.locator('article').first()).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.mouse.wheel(0, 1000);
    await page.waitForTimeout(120);
  }
  const rows = () =>
    feed
      .locator('.feed-row')
      .evaluateAll((els) =>
        els.map((el) => `${el.getAttribute('data-index')}:${el.getAttribute('data-element-id')}`),
      );
  const before = await page.evaluate(() => window.scrollY);
  const shown = await rows();
  expect(before).toBeGreaterThan(3000);
  await feed.locator('.note-time').nth(3).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thread' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(feed.locator('article').first()).toBeVisible();
  // Same list (not reloaded), scrolled back near the same place (rows are re-measured, so the
  // position can move by a few rows).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 2000);
  const after = await rows();
  expect(after.filter((r) => shown.includes(r)).length).toBeGreaterThan(0);
});

test('reposts are shown with their original note and who reposted it', async ({ page }) => {
  await page.goto('/home');
  await chooseFeed(page, 'All Notes');
  const feed = page.getByRole('feed', { name: 'Home' });
  await expect(feed.locator('article').first()).toBeVisible();
  const repost = feed
    .locator('article')
    .filter({ has: page.locator('.note-repost') })
    .first();
  for (let i = 0; i < 60 && (await repost.count()) === 0; i++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(100);
  }
  await expect(repost.locator('.note-repost')).toContainText(/reposted$/);
  // The article is the original: its own author, content and a link to its thread.
  await expect(repost.locator('.note-name')).not.toBeEmpty();
  await expect(repost.locator('.note-content')).not.toBeEmpty();
  const rowId = await repost.locator('xpath=..').getAttribute('data-element-id');
  expect(await repost.getAttribute('data-note-id')).not.toBe(rowId);
});
