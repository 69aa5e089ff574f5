import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { decode, noteEncode } from 'nostr-tools/nip19';
import { getPublicKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { screenshot } from './screenshots.ts';
import { themedAxe } from './theme-matrix.ts';
import { freshAccount, relayOf, seedAccount } from './settings-helpers.ts';

// Issue 40: the getting started modal. A guest meets it on "Get started" (wide navigation, icon
// rail, phone top bar) and when an action needs a key; it offers Create account (/new, which
// comes back to the page and offers the action again), Sign in (the sign-in dialog with all its
// signers; the action then goes on) and Keep browsing. What a guest typed in the composer is
// kept through the sign-in and through /new. It opens on its own once per device, for a guest
// back on a later day.

test.describe.configure({ timeout: 180_000 });

const welcome = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Swell' });

/** A note of the demo network, opened on its own page (it is there again after /new). */
async function openSomeNote(page: Page): Promise<{ id: string; url: RegExp }> {
  await page.goto('/home');
  const first = page.getByRole('feed', { name: 'Home' }).locator('article[data-note-id]').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const id = (await first.getAttribute('data-note-id'))!;
  const path = `/e/${noteEncode(id)}`;
  await page.goto(path);
  await expect(focused(page).getByRole('button', { name: /^Like/ })).toBeVisible({
    timeout: 30_000,
  });
  return { id, url: new RegExp(`${path}$`) };
}

const focused = (page: Page) => page.locator('.thread-focus article').first();

/** Create account at /new: name, no details, the suggestions as they are, key saved, no PIN. */
async function createAccount(page: Page, handle: string): Promise<string> {
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Your name' })).toBeVisible();
  await page.getByLabel('Username').fill(handle);
  await page.getByLabel('Display name').fill(`Guest ${handle}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: About you' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Follow people' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'People to follow' }).getByRole('checkbox').first(),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Save your key' })).toBeVisible();
  const nsec = await page.getByRole('textbox', { name: 'Secret key (nsec)' }).inputValue();
  await page.getByLabel('I have saved my secret key').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Protect your key' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  return getPublicKey(decode(nsec).data as Uint8Array);
}

/** Signs in from the getting started modal: its Sign in, the nsec, no PIN. */
async function signInFromModal(page: Page, nsec: string): Promise<void> {
  await welcome(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog).toBeHidden();
}

async function axeClean(page: Page, theme: string, size: string, where: string): Promise<void> {
  const axe = await themedAxe(new AxeBuilder({ page }), theme, size).analyze();
  expect(
    axe.violations.map(
      (v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

async function noOverflow(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${where}: scrollWidth ${widths.scroll}`).toBeLessThanOrEqual(widths.inner);
}

async function shoot(page: Page, testInfo: TestInfo, file: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await screenshot(page, { path: testInfo.outputPath(file) });
}

test('a guest presses Like on a note, gets the modal, creates an account through /new and lands back with the like offered again', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const note = await openSomeNote(page);
  const like = focused(page).getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  // Like as a guest: the modal, saying why, instead of a bare sign-in dialog.
  await like.click();
  const modal = welcome(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Liking a note needs an account.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Keep browsing' })).toBeVisible();
  await modal.getByRole('link', { name: 'Create account' }).click();

  // The three steps of /new, then back on the note's page with the like offered again.
  const pubkey = await createAccount(page, `liker_${Date.now().toString(36)}`);
  await expect(page).toHaveURL(note.url);
  const offer = page.getByRole('dialog', { name: 'Your account is ready' });
  await expect(offer).toBeVisible();
  await expect(offer.getByText('You were about to like a note. Like it now?')).toBeVisible();
  await axeClean(page, 'sunrise', 'desktop', 'offer');
  await shoot(page, testInfo, 'sunrise-desktop-offer-like.png');
  await offer.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(offer).toBeHidden();
  await expect(focused(page).getByRole('button', { name: /^Like/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The new account's reaction to that note is on the relay.
  await expect
    .poll(
      async () =>
        (await query(relayOf(baseURL!), { authors: [pubkey], kinds: [7] })).flatMap((e) =>
          e.tags.filter((t) => t[0] === 'e').map((t) => t[1]),
        ),
      { timeout: 30_000 },
    )
    .toContain(note.id);
  expect(errors).toEqual([]);
});

test('a guest presses "Get started" in the phone top bar and signs in with an nsec from the modal', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  const tag = Date.now().toString(36);
  await seedAccount(baseURL!, me, { name: `starter${tag}`, display_name: `Starter ${tag}` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  const header = page.locator('.mobile-header');
  await header.getByRole('button', { name: 'Get started' }).click();
  const modal = welcome(page);
  await expect(modal).toBeVisible();
  // Asked for, not by an action: no "needs an account" line.
  await expect(modal.getByText(/needs an account/)).toHaveCount(0);
  await expect(modal.getByText(/Swell is a place to read and write on Nostr/)).toBeVisible();
  await noOverflow(page, 'phone modal');
  await signInFromModal(page, me.nsec);
  await expect(welcome(page)).toBeHidden();
  await expect(header.getByRole('button', { name: `Account of Starter ${tag}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(header.getByRole('button', { name: 'Get started' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a text typed in the composer as a guest survives the sign-in, and the note goes out', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = freshAccount();
  const tag = Date.now().toString(36);
  await seedAccount(baseURL!, me, { name: `writer${tag}`, display_name: `Writer ${tag}` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'New note' }).first().click();
  const composer = page.getByRole('dialog', { name: 'New note' });
  const box = composer.getByRole('combobox', { name: 'What is on your mind?' });
  const text = `Written as a guest ${tag}`;
  await box.fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();

  // Posting needs a key: the modal. Keep browsing leaves the text where it was.
  await expect(welcome(page)).toBeVisible();
  await expect(
    welcome(page).getByText('Posting needs an account. Your note is kept while you sign in.'),
  ).toBeVisible();
  await welcome(page).getByRole('button', { name: 'Keep browsing' }).click();
  await expect(welcome(page)).toBeHidden();
  await expect(box).toHaveValue(text);

  // Post again, sign in from the modal: the note goes out, signed by the account, as typed.
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(welcome(page)).toBeVisible();
  await signInFromModal(page, me.nsec);
  await expect(composer).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await query(relayOf(baseURL!), { authors: [me.pubkey], kinds: [1] })).map(
          (e) => e.content,
        ),
      { timeout: 30_000 },
    )
    .toContain(text);
  expect(errors).toEqual([]);
});

test('a reply written as a guest goes with them through /new and is offered again there (390 px)', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, 'midnight', 'Midnight wave');
  await page.goto('/home');
  // The phone's new-note button is for those who can post: a guest writes a reply.
  const card = page.getByRole('feed', { name: 'Home' }).locator('article[data-note-id]').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: /^Reply/ }).click();
  const composer = page.getByRole('dialog', { name: 'Reply' });
  const box = composer.getByRole('combobox', { name: 'Your reply' });
  const text = `A guest's reply ${Date.now().toString(36)}`;
  await box.fill(text);
  await composer.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(
    welcome(page).getByText('Replying needs an account. Your reply is kept while you sign in.'),
  ).toBeVisible();
  await welcome(page).getByRole('link', { name: 'Create account' }).click();
  await expect(composer).toBeHidden();

  const pubkey = await createAccount(page, `replier_${Date.now().toString(36)}`);
  await expect(page).toHaveURL(/\/home$/);
  const offer = page.getByRole('dialog', { name: 'Your account is ready' });
  await expect(offer.getByText('Your reply is still here. Open it to send it?')).toBeVisible();
  // The new account has its own theme (the default), not the guest's Midnight.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunrise');
  await noOverflow(page, 'phone offer');
  await axeClean(page, 'sunrise', 'phone', 'offer');
  await shoot(page, testInfo, 'sunrise-phone-offer-reply.png');
  await offer.getByRole('button', { name: 'Open reply' }).click();
  await expect(box).toHaveValue(text);
  await composer.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(composer).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await query(relayOf(baseURL!), { authors: [pubkey], kinds: [1] })).map((e) => e.content),
      { timeout: 30_000 },
    )
    .toContain(text);
  expect(errors).toEqual([]);
});

test('it opens on its own once per device, for a guest back on a later day', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A first visit: no modal; the day of the visit is kept.
  await page.goto('/home');
  const first = page.getByRole('feed', { name: 'Home' }).locator('article').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('swell:getStarted')))
    .toMatch(/^\d+$/);
  await expect(welcome(page)).toHaveCount(0);

  // Two days later: it opens by itself, once.
  await page.evaluate(() =>
    localStorage.setItem('swell:getStarted', String(Date.now() - 2 * 24 * 3600 * 1000)),
  );
  await page.reload();
  await expect(welcome(page)).toBeVisible({ timeout: 20_000 });
  await expect(welcome(page).getByText(/needs an account/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(welcome(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('swell:getStarted'))).toBe('shown');
  await page.reload();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(welcome(page)).toHaveCount(0);
  // Asked for, it opens every time.
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(welcome(page)).toBeVisible();
  await welcome(page).getByRole('button', { name: 'Keep browsing' }).click();
  await expect(welcome(page)).toBeHidden();
  expect(errors).toEqual([]);
});

async function useTheme(page: Page, theme: string, label: string): Promise<void> {
  await page.goto('/settings/appearance');
  await page.getByRole('radio', { name: new RegExp(label) }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const [theme, label] of [
  ['sunrise', 'Sunrise wave'],
  ['midnight', 'Midnight wave'],
] as const) {
  test(`${label}: Get started in the navigation and the modal at 390 and 1280 px, axe-clean`, async ({
    page,
  }, testInfo) => {
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await useTheme(page, theme, label);
    for (const [size, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/home');
      await expect(page.getByRole('feed', { name: 'Home' }).locator('article').first()).toBeVisible(
        { timeout: 30_000 },
      );
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await noOverflow(page, `${theme} ${size} home`);
      await shoot(page, testInfo, `${theme}-${size}-guest-nav.png`);

      // Asked for from the navigation.
      const getStarted = page.getByRole('button', { name: 'Get started' });
      await getStarted.click();
      await expect(welcome(page)).toBeVisible();
      await noOverflow(page, `${theme} ${size} modal`);
      await axeClean(page, theme, size, `${theme} ${size} modal`);
      await shoot(page, testInfo, `${theme}-${size}-get-started.png`);
      // Keyboard: focus starts inside, Escape closes and gives focus back to the button.
      await page.keyboard.press('Escape');
      await expect(welcome(page)).toBeHidden();
      await expect(getStarted).toBeFocused();

      // From an action: the line saying what needs the key.
      const card = page
        .getByRole('feed', { name: 'Home' })
        .locator('article[data-note-id]')
        .first();
      await card.getByRole('button', { name: /^Zap/ }).click();
      await expect(welcome(page).getByText('Zapping needs an account.')).toBeVisible();
      await axeClean(page, theme, size, `${theme} ${size} modal for a zap`);
      await shoot(page, testInfo, `${theme}-${size}-get-started-zap.png`);
      await welcome(page).getByRole('button', { name: 'Keep browsing' }).click();
      await expect(welcome(page)).toBeHidden();
    }
    expect(errors).toEqual([]);
  });
}
