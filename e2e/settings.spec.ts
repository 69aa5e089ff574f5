import { expect, test } from '@playwright/test';
import { finalizeEvent } from 'nostr-tools/pure';
import { noteEncode } from 'nostr-tools/nip19';
import { feedNames } from './feed-select.ts';
import { go } from './navigate.ts';
import { publish } from './relay-client.ts';
import { watchConsole } from './console-guard.ts';
import {
  freshAccount,
  relayOf,
  seedAccount,
  signInWithKey,
  storedFeedList,
  storedSettings,
} from './settings-helpers.ts';

// Settings saved to the server (spec section 4 "Settings"), each test with a key of its own.

test.describe.configure({ timeout: 120_000 });

test('home feeds: reorder by keyboard and switch one off; saved to the server; Home follows', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.goto('/settings/home_feeds');
  const list = page.getByRole('list', { name: 'Home feeds' });
  const names = list.locator('.feed-setting-name');
  await expect(names.first()).toHaveText('Latest');
  await expect(page.getByRole('status').filter({ hasText: 'Saved to your account' })).toBeVisible();

  // Keyboard: the handle moves its feed with the arrow keys and keeps the focus.
  const handle = page.getByRole('button', { name: 'Reorder Trending 24h' });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Reorder Trending 24h' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(names.first()).toHaveText('Trending 24h');
  await expect(page.getByText('Trending 24h moved to position 1 of 6')).toBeAttached();
  // The move buttons do the same.
  await page.getByRole('button', { name: 'Move All Notes up' }).click();
  await page.getByRole('switch', { name: 'Show Latest with Replies' }).click();
  await expect(page.getByRole('switch', { name: 'Show Latest with Replies' })).not.toBeChecked();
  const expected = [
    'Trending 24h',
    'Latest',
    'Latest with Replies',
    'All Notes',
    'Most Zapped 4h',
    'Explore Media',
  ];
  await expect(names).toHaveText(expected);

  // The server holds the new list (app subsettings, kind 10000155).
  await expect
    .poll(async () => (await storedFeedList(baseURL!, me, 'user-home-feeds'))?.map((f) => f.name))
    .toEqual(expected);
  const stored = await storedFeedList(baseURL!, me, 'user-home-feeds');
  expect(stored!.find((f) => f.name === 'Latest with Replies')!.enabled).toBe(false);

  // After a reload, Home offers the enabled feeds in the new order.
  await page.reload();
  await expect(names).toHaveText(expected);
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await feedNames(page)).toEqual(['Trending 24h', 'Latest', 'All Notes', 'Most Zapped 4h']);

  // A second device (no local copy) gets the list from the server.
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await signInWithKey(second, me);
  await second.goto('/home');
  await expect(second.getByRole('combobox', { name: 'Feed' })).toHaveText('Trending 24h');
  expect(await feedNames(second)).toEqual([
    'Trending 24h',
    'Latest',
    'All Notes',
    'Most Zapped 4h',
  ]);
  await other.close();
  expect(errors).toEqual([]);
});

test('reads feeds: rename, add at the top and restore the defaults', async ({ page, baseURL }) => {
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.goto('/settings/reads_feeds');
  const names = page.getByRole('list', { name: 'Reads feeds' }).locator('.feed-setting-name');
  await expect(names.first()).toHaveText('Nostr Reads');
  await page.getByRole('button', { name: 'Rename My Follows' }).click();
  const field = page.getByLabel('New name for My Follows');
  await expect(field).toBeFocused();
  await field.fill('Nostr Reads');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('You already have a feed with that name');
  await field.fill('Friends write');
  await field.press('Enter');
  await expect(names.nth(1)).toHaveText('Friends write');
  await page.getByRole('button', { name: 'Remove Nostr Reads' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(names.first()).toHaveText('Friends write');
  await page.getByRole('button', { name: 'Add Nostr Reads at the top' }).click();
  await expect(names.first()).toHaveText('Nostr Reads');
  await expect
    .poll(async () => (await storedFeedList(baseURL!, me, 'user-reads-feeds'))?.map((f) => f.name))
    .toEqual(['Nostr Reads', 'Friends write', 'Zapped by Follows', 'Bitcoin', 'Nostr']);

  // Reads offers the renamed feed at once.
  await page.getByRole('link', { name: 'Reads', exact: true }).first().click();
  const select = page.getByRole('combobox', { name: 'Feed' });
  await select.click();
  await expect(page.getByRole('option', { name: 'Friends write' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/settings/reads_feeds');
  await page.getByRole('button', { name: 'Restore defaults' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(names.nth(1)).toHaveText('My Follows');
  await expect
    .poll(async () => (await storedFeedList(baseURL!, me, 'user-reads-feeds'))?.[1]?.name)
    .toBe('My Follows');
});

test('home feeds: a feed dragged by its handle moves there', async ({ page, baseURL }) => {
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.goto('/settings/home_feeds');
  const list = page.getByRole('list', { name: 'Home feeds' });
  const names = list.locator('.feed-setting-name');
  await expect(names.first()).toHaveText('Latest');
  await page
    .getByRole('button', { name: 'Reorder All Notes' })
    .dragTo(list.locator('li').filter({ hasText: 'Latest notes by your follows' }));
  await expect(names.first()).toHaveText('All Notes');
  await expect
    .poll(async () => (await storedFeedList(baseURL!, me, 'user-home-feeds'))?.[0]?.name)
    .toBe('All Notes');
});

test('a theme chosen on one device is used on another', async ({ page, browser, baseURL }) => {
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.goto('/settings/appearance');
  await page.getByRole('radio', { name: /Sunset wave/ }).check();
  await expect.poll(async () => (await storedSettings(baseURL!, me))?.theme).toBe('sunset');
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInWithKey(second, me);
  await second.goto('/settings');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'sunset');
  await other.close();
});

test('a failed save says "Failed to save settings"', async ({ page }) => {
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.goto('/settings/home_feeds');
  await expect(page.getByRole('status').filter({ hasText: 'Saved to your account' })).toBeVisible();
  // The server refuses the save (a stand-in for any failure on the way).
  await page.routeWebSocket(/\/v1$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const text = String(m);
      if (text.includes('set_app_subsettings')) {
        const id = (JSON.parse(text) as [string, string])[1];
        ws.send(JSON.stringify(['NOTICE', id, 'invalid: refused by the test']));
      } else server.send(m);
    });
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to your account' })).toBeVisible();
  await page.getByRole('switch', { name: 'Show Latest', exact: true }).click();
  await expect(page.getByText('Failed to save settings', { exact: true })).toBeVisible();
});

test('a failed load says "Failed to load settings. Will be using local settings."', async ({
  page,
}) => {
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.routeWebSocket(/\/v1$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const text = String(m);
      if (text.includes('get_app_settings')) {
        const id = (JSON.parse(text) as [string, string])[1];
        ws.send(JSON.stringify(['NOTICE', id, 'error: refused by the test']));
      } else server.send(m);
    });
  });
  await page.goto('/settings/home_feeds');
  await expect(
    page.getByText('Failed to load settings. Will be using local settings.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Kept on this device' })).toBeVisible();
  // The page still works with the local list.
  await expect(
    page.getByRole('list', { name: 'Home feeds' }).locator('.feed-setting-name').first(),
  ).toHaveText('Latest');
});

test('notifications: a switched-off type is saved and no longer shown', async ({
  page,
  baseURL,
}) => {
  const me = freshAccount();
  await signInWithKey(page, me);
  await page.goto('/settings/notifications');
  const likes = page.getByRole('switch', { name: 'Likes' });
  await expect(likes).toBeChecked();
  await likes.click();
  await expect(likes).not.toBeChecked();
  await expect
    .poll(async () => {
      const s = await storedSettings(baseURL!, me);
      return (s?.notifications as Record<string, boolean> | undefined)?.YOUR_POST_WAS_LIKED;
    })
    .toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Replies' }).first()).toBeChecked();

  // The notifications screen honours it: a like and a reply arrive, only the reply shows.
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  const now = Math.floor(Date.now() / 1000);
  const note = finalizeEvent(
    { kind: 1, created_at: now - 5, tags: [], content: 'A note to be liked' },
    me.secretKey,
  );
  const fan = freshAccount();
  expect((await publish(relay, note))[2]).toBe(true);
  const like = finalizeEvent(
    {
      kind: 7,
      created_at: now - 3,
      content: '+',
      tags: [
        ['e', note.id],
        ['p', me.pubkey],
      ],
    },
    fan.secretKey,
  );
  const reply = finalizeEvent(
    {
      kind: 1,
      created_at: now - 2,
      content: 'A reply from a fan',
      tags: [
        ['e', note.id, '', 'root'],
        ['p', me.pubkey],
      ],
    },
    fan.secretKey,
  );
  expect((await publish(relay, like))[2]).toBe(true);
  expect((await publish(relay, reply))[2]).toBe(true);
  await page.goto('/notifications');
  await expect(page.getByText(/replied to your note/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/liked your note/)).toHaveCount(0);
  // Switched on again, the like shows.
  await page.goto('/settings/notifications');
  await page.getByRole('switch', { name: 'Likes' }).click();
  await expect(page.getByRole('switch', { name: 'Likes' })).toBeChecked();
  await page.goto('/notifications');
  await expect(page.getByText(/liked your note/)).toBeVisible({ timeout: 30_000 });
});

test('a setting and a home feed order changed on one device both show on a second one', async ({
  page,
  browser,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  await signInWithKey(page, me);
  // A setting: the default zap amount and message (Settings > Zaps).
  await page.goto('/settings/zaps');
  await page.getByLabel('Amount (sats)', { exact: true }).fill('777');
  await page.getByLabel('Message', { exact: true }).fill('Thanks from device one');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Zap settings saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await storedSettings(baseURL!, me))?.zapDefault, { timeout: 20_000 })
    .toEqual({ amount: 777, message: 'Thanks from device one' });
  // The home feed order: Most Zapped 4h to the top.
  await go(page, '/settings/home_feeds');
  const names = page.getByRole('list', { name: 'Home feeds' }).locator('.feed-setting-name');
  await expect(names.first()).toHaveText('Latest');
  const position = (await names.allTextContents()).indexOf('Most Zapped 4h');
  expect(position).toBeGreaterThan(0);
  const up = page.getByRole('button', { name: 'Move Most Zapped 4h up' });
  for (let i = 0; i < position; i++) await up.click();
  await expect(names.first()).toHaveText('Most Zapped 4h');
  await expect
    .poll(async () => (await storedFeedList(baseURL!, me, 'user-home-feeds'))?.[0]?.name, {
      timeout: 20_000,
    })
    .toBe('Most Zapped 4h');

  // A second browser context (no local copy of anything) signs in with the same key.
  const other = await browser.newContext();
  const second = await other.newPage();
  const secondErrors = watchConsole(second);
  await signInWithKey(second, me);
  await second.goto('/home');
  await expect(second.getByRole('combobox', { name: 'Feed' })).toHaveText('Most Zapped 4h', {
    timeout: 20_000,
  });
  expect((await feedNames(second))[0]).toBe('Most Zapped 4h');
  await second.goto('/settings/zaps');
  await expect(second.getByLabel('Amount (sats)', { exact: true })).toHaveValue('777');
  await expect(second.getByLabel('Message', { exact: true })).toHaveValue('Thanks from device one');
  await other.close();
  expect(errors).toEqual([]);
  expect(secondErrors).toEqual([]);
});

test('edit the profile: the new display name shows on the user’s notes', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  await seedAccount(baseURL!, me, { name: 'renamer', display_name: 'Old Name' });
  const note = finalizeEvent(
    {
      kind: 1,
      created_at: Math.floor(Date.now() / 1000) - 30,
      tags: [],
      content: 'A note written before the rename',
    },
    me.secretKey,
  );
  expect((await publish(relayOf(baseURL!), note))[2]).toBe(true);
  await signInWithKey(page, me);
  await page.setViewportSize({ width: 1280, height: 900 });
  const card = page.locator(`article[data-note-id="${note.id}"]`);
  await page.goto(`/e/${noteEncode(note.id)}`);
  await expect(card).toHaveAttribute('aria-label', 'Note by Old Name', { timeout: 20_000 });

  await page.goto('/settings/profile');
  await expect(page.getByLabel('Display name')).toHaveValue('Old Name', { timeout: 20_000 });
  await page.getByLabel('Display name').fill('New Name');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${me.npub}$`));
  await expect(page.getByRole('heading', { name: 'New Name', level: 1 })).toBeVisible();
  // The profile's notes tab, then the note's thread (a fresh load: from the server).
  await expect(card).toHaveAttribute('aria-label', 'Note by New Name', { timeout: 20_000 });
  await expect(card.locator('.note-name')).toHaveText('New Name');
  await page.goto(`/e/${noteEncode(note.id)}`);
  await expect(card).toHaveAttribute('aria-label', 'Note by New Name', { timeout: 20_000 });
  await expect(card.locator('.note-name')).toHaveText('New Name');
  expect(errors).toEqual([]);
});
