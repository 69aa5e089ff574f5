import { expect, test, type Locator, type Page } from '@playwright/test';
import { nip19 } from 'nostr-tools';

// Keyboard use: every control of the navigation and of a note card is reached with Tab, shows
// a visible focus ring, and works with Enter (or the arrow keys inside menus).

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

interface Focused {
  key: string;
  ring: boolean;
}

/** Tabs forward until `stop` holds (at most `max` presses); returns every element focused. */
async function tabUntil(page: Page, stop: (f: Focused) => boolean, max = 80): Promise<Focused[]> {
  const seen: Focused[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { key: '', ring: false };
      el.dataset.kbSeen = '1';
      const s = getComputedStyle(el);
      const ring =
        (s.outlineStyle !== 'none' &&
          parseFloat(s.outlineWidth) >= 2 &&
          s.outlineColor !== 'transparent') ||
        s.boxShadow !== 'none';
      const key =
        el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
      return { key, ring };
    });
    seen.push(f);
    if (stop(f)) break;
  }
  return seen;
}

/** Every control of `scope` that should take focus, and whether each one was reached. */
async function reached(scope: Locator): Promise<{ key: string; seen: boolean }[]> {
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('a[href], button, [tabindex]'))
      .filter((el) => el.tabIndex >= 0 && !el.hasAttribute('disabled') && el.offsetParent !== null)
      .map((el) => ({
        key: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName,
        seen: el.dataset.kbSeen === '1',
      })),
  );
}

test('desktop: the navigation and a note card are reachable and usable with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  const feed = page.getByRole('feed', { name: 'Home' });
  const card = feed.locator('article').first();
  await expect(card).toBeVisible();
  const noteId = (await card.getAttribute('data-note-id'))!;
  const cardSel = `article[data-note-id="${noteId}"]`;

  // From the top of the page: skip link, navigation, then into the feed up to the first card's
  // last control (its bookmark button).
  await page.locator('body').focus();
  const walk = await tabUntil(page, (f) => f.key === 'Bookmark');
  expect(walk.filter((f) => !f.ring).map((f) => f.key)).toEqual([]);
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect((await reached(nav)).filter((c) => !c.seen)).toEqual([]);
  expect(await reached(nav)).toHaveLength(11);
  expect((await reached(page.locator(cardSel))).filter((c) => !c.seen)).toEqual([]);
  expect(walk.map((f) => f.key)).toEqual(
    expect.arrayContaining([
      'Skip to content',
      'New note',
      'Get started',
      'Sign in',
      'More actions',
      'Bookmark',
    ]),
  );

  // Enter on Like as a guest: the getting started modal (liking needs a key), its first choice
  // focused; Escape closes it and gives the focus back to Like.
  const like = page.locator(cardSel).getByRole('button', { name: /^Like/ });
  await like.focus();
  await page.keyboard.press('Enter');
  const start = page.getByRole('dialog', { name: 'Welcome to Swell' });
  await expect(start).toBeVisible();
  await expect(start.getByText('Liking a note needs an account.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(start).toHaveCount(0);
  await expect(like).toBeFocused();

  // Enter on Bookmark as a guest: the modal too (bookmarks are the user's own list).
  const bookmark = page.locator(cardSel).getByRole('button', { name: 'Bookmark' });
  await bookmark.focus();
  await page.keyboard.press('Enter');
  await expect(start.getByText('Bookmarks need an account.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(start).toHaveCount(0);
  await expect(bookmark).toBeFocused();

  // Enter on Zap as a guest: the modal too (a zap is signed by its sender); its Sign in, with
  // the keyboard, opens the sign-in dialog.
  await page.locator(cardSel).getByRole('button', { name: /^Zap/ }).focus();
  await page.keyboard.press('Enter');
  await expect(start.getByText('Zapping needs an account.')).toBeVisible();
  await start.getByRole('button', { name: 'Sign in', exact: true }).focus();
  await page.keyboard.press('Enter');
  const login = page.getByRole('dialog', { name: 'Sign in' });
  await expect(login).toBeVisible();
  await expect(start).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(login).toHaveCount(0);

  // The repost button opens a menu (Repost, Quote) with the keyboard.
  await page
    .locator(cardSel)
    .getByRole('button', { name: /^Repost or quote/ })
    .focus();
  await page.keyboard.press('Enter');
  const repostMenu = page.getByRole('menu');
  await expect(repostMenu.getByRole('menuitem')).toHaveText(['Repost', 'Quote']);
  await page.keyboard.press('Escape');
  await expect(repostMenu).toHaveCount(0);
  await expect(
    page.locator(cardSel).getByRole('button', { name: /^Repost or quote/ }),
  ).toBeFocused();

  // The context menu: arrow down to "Copy note ID", Enter copies it.
  await page.locator(cardSel).getByRole('button', { name: 'More actions' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More actions' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Reactions',
    'Copy link',
    'Copy text',
    'Copy note ID',
    'Copy raw event',
    'Broadcast',
    'Custom zap',
    /^Follow /,
    'Mute user',
    'Report user',
  ]);
  for (const name of ['Copy link', 'Copy text', 'Copy note ID']) {
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  const toasts = page.getByRole('region', { name: /^Alerts/ });
  await expect(toasts.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(nip19.noteEncode(noteId));

  // Copy raw event: the signed event as JSON.
  await page.locator(cardSel).getByRole('button', { name: 'More actions' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Report user' })).toBeFocused();
  for (const name of ['Mute user', /^Follow /, 'Custom zap', 'Broadcast', 'Copy raw event']) {
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  const raw = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    id: string;
    sig: string;
  };
  expect(raw.id).toBe(noteId);
  expect(raw.sig).toMatch(/^[0-9a-f]{128}$/);

  // Navigation links work with Enter.
  await nav.getByRole('link', { name: 'Settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
});

test('phone: the bottom bar and its More menu are reachable and usable with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveCount(5);
  await page.locator('body').focus();
  const walk = await tabUntil(page, (f) => f.key === 'More');
  expect(walk.filter((f) => !f.ring).map((f) => f.key)).toEqual([]);
  expect((await reached(nav)).filter((c) => !c.seen)).toEqual([]);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Bookmarks',
    'Wallet',
    'Downloads',
    'Premium',
    'Settings',
    'Help',
  ]);
  // Home goes to the first entry whether the menu opened with the focus on its first entry or
  // on itself (which depends on when the lazily loaded menu code arrives; ArrowDown from the
  // first entry reached Downloads on a loaded machine).
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: 'Bookmarks' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bookmarks$/);
});
