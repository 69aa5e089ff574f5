import { expect, test } from '@playwright/test';
import { finalizeEvent } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { publish } from './relay-client.ts';
import { freshAccount, signInWithKey } from './settings-helpers.ts';

// Filter lists: another user's mute list, subscribed from /mutelist, hides the accounts it mutes
// in what this user sees; the "Apply filter lists" switch of Content moderation turns them off
// and on at once. Everyone here is a fresh key, so no other spec sees these lists.

test.describe.configure({ timeout: 150_000 });

test('a subscribed mute list hides its accounts; "Apply filter lists" turns that off and on', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  const now = () => Math.floor(Date.now() / 1000);
  const curator = freshAccount();
  const noisy = freshAccount();
  const viewer = freshAccount();
  const tag = Math.random().toString(36).slice(2, 8);
  const text = `Buy my coin ${tag}, it only goes up`;
  const sign = (who: typeof curator, kind: number, tags: string[][], content: string) =>
    finalizeEvent({ kind, created_at: now(), tags, content }, who.secretKey);
  await publish(relay, sign(curator, 0, [], JSON.stringify({ name: `curator${tag}` })));
  await publish(relay, sign(noisy, 0, [], JSON.stringify({ name: `noisy${tag}` })));
  await publish(relay, sign(noisy, 1, [], text));
  await publish(relay, sign(curator, 10000, [['p', noisy.pubkey]], ''));

  await signInWithKey(page, viewer);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The note in the profile's notes (the sidebar may list it too, among the popular notes).
  const note = page.getByRole('tabpanel', { name: 'Notes' }).getByText(text);
  // Before subscribing, the note is on its author's profile.
  await page.goto(`/p/${noisy.npub}`);
  await expect(note).toBeVisible({ timeout: 30_000 });

  await page.goto(`/mutelist/${curator.npub}`);
  await expect(page.getByRole('list', { name: 'Accounts' }).getByRole('link').first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Subscribe as a filter list' }).click();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible({ timeout: 30_000 });

  await page.goto(`/p/${noisy.npub}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(note).toHaveCount(0, { timeout: 30_000 });

  // Off: only the viewer's own mutes apply, and the note is back again.
  await page.goto('/settings/filters');
  const apply = page.getByRole('switch', { name: /^Apply filter lists/ });
  await expect(apply).toBeChecked({ timeout: 30_000 });
  await apply.click();
  await expect(apply).not.toBeChecked();
  await page.goBack();
  await expect(note).toBeVisible({ timeout: 30_000 });

  // The choice is saved with the settings: after a reload it is still off; on hides again.
  await page.goto('/settings/filters');
  await expect(apply).not.toBeChecked({ timeout: 30_000 });
  await apply.click();
  await expect(apply).toBeChecked();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(note).toHaveCount(0, { timeout: 30_000 });
  expect(errors).toEqual([]);
});
