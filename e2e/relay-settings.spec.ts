import { expect, test, type Page } from '@playwright/test';
import { testServer } from '@swell/server/testing';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { freshAccount, relayOf, seedAccount, signInWithKey } from './settings-helpers.ts';

// Issue 31, item 4: Settings > Network shows the user's relay list (kind 10002), edits publish
// a new one (add, read/write, remove with a confirmation), and publishing follows it.

test.describe.configure({ timeout: 150_000 });

/** The r tags of the newest kind 10002 of `pubkey` on the main relay. */
async function publishedList(relay: string, pubkey: string): Promise<string[][]> {
  const lists = await query(relay, { kinds: [10002], authors: [pubkey] });
  const newest = lists.sort((a, b) => b.created_at - a.created_at)[0];
  return (newest?.tags ?? []).filter((t) => t[0] === 'r');
}

async function removeRelay(page: Page, url: string) {
  await page.getByRole('button', { name: `Remove ${url}` }).click();
  return page.getByRole('dialog', { name: 'Remove relay?' });
}

test('relay list round trip: shown from kind 10002, edited, published, used', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const main = relayOf(baseURL!);
  const me = freshAccount();
  await seedAccount(baseURL!, me, { name: 'relayer', display_name: 'Relay Rita' });
  const second = await testServer();
  const secondRelay = second.wsUrl('/relay');
  const dead = 'ws://127.0.0.1:9/relay';
  try {
    await signInWithKey(page, me);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings/network');
    // Shown from the published list, with its flags.
    const relays = page.getByRole('list', { name: 'Your relays' });
    await expect(relays.getByText(main, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('No relays configured.')).toHaveCount(0);
    await expect(page.getByRole('switch', { name: `Read ${main}` })).toBeChecked();
    await expect(page.getByRole('switch', { name: `Write ${main}` })).toBeChecked();

    // Added: a new kind 10002 names both.
    await page.getByLabel('Relay URL').fill(secondRelay);
    await page.getByRole('button', { name: 'Add relay' }).click();
    await expect(relays.getByText(secondRelay, { exact: true })).toBeVisible();
    await expect
      .poll(() => publishedList(main, me.pubkey))
      .toEqual([
        ['r', main],
        ['r', secondRelay],
      ]);

    // Read off for the second one: published as a write relay.
    await page.getByRole('switch', { name: `Read ${secondRelay}` }).click();
    await expect
      .poll(() => publishedList(main, me.pubkey))
      .toEqual([
        ['r', main],
        ['r', secondRelay, 'write'],
      ]);

    // Used: a note posted now reaches the second relay too.
    const text = `to both relays ${Date.now()}`;
    await page.getByRole('button', { name: 'New note' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New note' });
    await dialog.getByRole('combobox').fill(text);
    await dialog.getByRole('button', { name: 'Post' }).click();
    await expect
      .poll(async () => (await query(secondRelay, { authors: [me.pubkey], kinds: [1] })).length, {
        timeout: 30_000,
      })
      .toBe(1);

    // Removed after a confirmation.
    let confirm = await removeRelay(page, secondRelay);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(relays.getByText(secondRelay, { exact: true })).toHaveCount(0);
    await expect.poll(() => publishedList(main, me.pubkey)).toEqual([['r', main]]);

    // An unreachable relay left as the only one can still be removed: the server's relay
    // takes its place, as the dialog says.
    await page.getByLabel('Relay URL').fill(dead);
    await page.getByRole('button', { name: 'Add relay' }).click();
    await expect(relays.getByText(dead, { exact: true })).toBeVisible();
    confirm = await removeRelay(page, main);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => publishedList(main, me.pubkey)).toEqual([['r', dead]]);
    confirm = await removeRelay(page, dead);
    await expect(confirm).toContainText('last relay');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(relays.getByText(dead, { exact: true })).toHaveCount(0);
    await expect(relays.getByText(main, { exact: true })).toBeVisible();
    await expect.poll(() => publishedList(main, me.pubkey)).toEqual([['r', main]]);
  } finally {
    await second.close().catch(() => undefined);
  }
  expect(errors.filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:9\//.test(e))).toEqual(
    [],
  );
});
