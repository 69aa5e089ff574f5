import { expect, test, type Page } from '@playwright/test';
import { ownServer } from './own-server.ts';
import { query } from './relay-client.ts';
import { freshAccount, relayOf, seedAccount, signInWithKey } from './settings-helpers.ts';

// Issue 30, finding 6: a note posted while the server is down. The app keeps working (no error
// screen when a later toast, dialog or screen needs code it never loaded), the note shows as
// pending across a reload, and it is sent once when the server is back. The server is the
// test's own (empty network), stopped and started on the same port and data.

/** Records, across reloads of the tab, whether the error screen ever showed. */
function watchErrorScreen() {
  new MutationObserver(() => {
    if (document.body?.textContent?.includes('Something went wrong'))
      sessionStorage.setItem('e2e-error-screen', document.body.textContent.slice(0, 300));
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const errorScreen = (page: Page) => page.evaluate(() => sessionStorage.getItem('e2e-error-screen'));

test('a note posted with the server stopped stays pending across a reload and is sent once after', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await ownServer({ SWELL_DEMO: '0', SWELL_DEVNET: '0' });
  const context = await browser.newContext();
  try {
    await server.start();
    const who = freshAccount();
    await seedAccount(server.url, who, { name: 'olive', display_name: 'Olive' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript(watchErrorScreen);
    await signInWithKey(page, who);
    await page.goto(`${server.url}/home`);
    await expect(page.getByText('Signed in as Olive')).toBeVisible({ timeout: 30_000 });
    // The worker controls the page and has every chunk of the app (precached once idle).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', {
      timeout: 30_000,
    });

    await page.getByRole('button', { name: 'New note' }).first().click();
    const composer = page.getByRole('dialog', { name: 'New note' });
    const text = `Written offline ${Date.now().toString(36)}`;
    await composer.getByRole('combobox', { name: 'What is on your mind?' }).fill(text);

    await server.stop();
    await composer.getByRole('button', { name: 'Post' }).click();
    await expect(composer).toBeHidden();
    const feed = page.getByRole('feed', { name: 'Home' });
    const card = feed.locator('article').filter({ hasText: text });
    await expect(card).toBeVisible();
    // The first attempt ends after the relay's 8 s: its toast (code never loaded before) shows,
    // and the card stays pending.
    await expect(
      page
        .getByRole('region', { name: /^Alerts/ })
        .getByText(/No relay confirmed after 8 s|Failed to publish note/),
    ).toBeVisible({ timeout: 30_000 });
    await expect(card.locator('.outbox-state')).toHaveAttribute('data-state', /sending|failed/);
    expect(await errorScreen(page)).toBeNull();

    // A reload with the server still stopped: the worker serves the app, the outbox the note.
    await page.reload();
    const pending = page
      .getByRole('feed', { name: 'Home' })
      .locator('article')
      .filter({ hasText: text });
    await expect(pending).toBeVisible({ timeout: 30_000 });
    await expect(pending.locator('.outbox-state')).toHaveAttribute('data-state', /sending|failed/);
    // A composer never opened before the outage opens.
    await pending.getByRole('button', { name: /^Reply/ }).click();
    const reply = page.getByRole('dialog', { name: 'Reply' });
    await expect(reply.getByRole('combobox', { name: 'Your reply' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(reply).toBeHidden();

    // The user's own profile shows it too, from the outbox alone.
    await page.getByRole('link', { name: /^Signed in as/ }).click();
    const onProfile = page
      .getByRole('feed', { name: 'Notes' })
      .locator('article')
      .filter({ hasText: text });
    await expect(onProfile.locator('.outbox-state')).toHaveAttribute(
      'data-state',
      /sending|failed/,
    );

    await server.start();
    await expect(onProfile.locator('.outbox-state')).toHaveAttribute('data-state', 'sent', {
      timeout: 45_000,
    });
    const onRelay = await query(relayOf(server.url), { authors: [who.pubkey], kinds: [1] });
    expect(onRelay.map((e) => e.content)).toEqual([text]);
    expect(await errorScreen(page)).toBeNull();
  } finally {
    await context.close();
    await server.dispose();
  }
});
