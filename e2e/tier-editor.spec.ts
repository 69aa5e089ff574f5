import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { screenshot } from './screenshots.ts';
import {
  freshAccount,
  relayOf,
  seedAccount,
  signInWithKey,
  type FreshAccount,
} from './settings-helpers.ts';
import { themedAxe } from './theme-matrix.ts';

// Settings > Paid tiers (NIP-88, issue 33): a creator publishes, edits and removes a tier
// (kind 37001, the tier list 17000 by `a` tag, a kind 5 by `a` tag), and another user sees it
// on the creator's profile: Subscribe, and the tier's price and perks in the subscribe window.

test.describe.configure({ timeout: 240_000 });

async function signedInPage(browser: Browser, who: FreshAccount): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithKey(page, who);
  return page;
}

async function axeClean(page: Page, theme: string, size: string, where: string) {
  const axe = await themedAxe(new AxeBuilder({ page }), theme, size).analyze();
  expect(
    axe.violations.map(
      (v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(', ')})`,
    ),
  ).toEqual([]);
}

/** Resolves when the page's cache socket has the end of an answer to `command` (its EOSE). */
function cacheAnswered(page: Page, command: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/v1')) return;
      const asked = new Set<string>();
      ws.on('framesent', ({ payload }) => {
        const text = String(payload);
        if (!text.includes(`"${command}"`)) return;
        asked.add((JSON.parse(text) as [string, string])[1]);
      });
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string' || !payload.startsWith('["EOSE"')) return;
        if (asked.has((JSON.parse(payload) as [string, string])[1])) resolve();
      });
    });
  });
}

/** The viewer opens the creator's profile and the subscribe window. */
async function openSubscribe(page: Page, creator: FreshAccount, name: string) {
  await page.goto(`/p/${creator.npub}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click({ timeout: 30_000 });
  return page.getByRole('dialog', { name: `Subscribe to ${name}` });
}

test('a creator publishes, edits and removes a tier; a reader sees each on the profile', async ({
  browser,
  baseURL,
}) => {
  const creator = freshAccount();
  const reader = freshAccount();
  const name = 'Tier Maker';
  await seedAccount(baseURL!, creator, { name: 'tiermaker', display_name: name });
  await seedAccount(baseURL!, reader, { name: 'tierreader', display_name: 'Tier Reader' });
  const relay = relayOf(baseURL!);
  const page = await signedInPage(browser, creator);
  const errors = watchConsole(page);

  // From the Settings navigation by keyboard.
  await page.goto('/settings');
  const link = page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Paid tiers' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/tiers$/);
  await expect(page.getByRole('heading', { name: 'No paid tiers yet' })).toBeVisible({
    timeout: 30_000,
  });

  // The form says what is wrong before anything is signed.
  await page.getByRole('button', { name: 'New tier' }).click();
  const form = page.getByRole('form', { name: 'New tier' });
  await expect(form.getByRole('heading', { name: 'New tier' })).toBeFocused();
  await form.getByRole('button', { name: 'Publish tier' }).click();
  await expect(form.getByText('Give the tier a title.')).toBeVisible();
  await expect(form.getByText('Give the tier at least one price.')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Title').fill('Sketches');
  await form.getByLabel('Per month').fill('0');
  await form.getByLabel('Per year').fill('12.5');
  await form.getByRole('button', { name: 'Publish tier' }).click();
  await expect(form.getByText('The price must be more than 0 sats.')).toBeVisible();
  await expect(form.getByText('Type whole sats.')).toBeVisible();
  await expect(form.getByLabel('Per month')).toHaveAttribute('aria-invalid', 'true');
  expect(await query(relay, { kinds: [37001], authors: [creator.pubkey] })).toEqual([]);

  await form.getByLabel('Description').fill('Every sketch of the week, unedited.');
  await form.getByLabel('Per month').fill('1500');
  await form.getByLabel('Per year').fill('15,000');
  await form.getByRole('button', { name: 'Add a perk' }).click();
  await expect(form.getByLabel('Perk 1', { exact: true })).toBeFocused();
  await page.keyboard.type('A sketch every week');
  await form.getByRole('button', { name: 'Add a perk' }).click();
  await form.getByLabel('Perk 2', { exact: true }).fill('Your name in the credits');
  await form.getByRole('button', { name: 'Publish tier' }).click();
  await expect(page.getByText('Tier published', { exact: true })).toBeVisible({ timeout: 30_000 });
  const list = page.getByRole('list', { name: 'Your tiers' });
  const card = list.getByRole('listitem').filter({ hasText: 'Sketches' });
  await expect(card).toContainText('1,500 sats per month · 15,000 sats per year');
  await expect(card).toContainText('Your name in the credits');
  await expect(page.getByRole('button', { name: 'New tier' })).toBeFocused();

  // On the relay: the tier as the reference reads it, and the tier list naming it by a tag.
  const [tier] = await query(relay, { kinds: [37001], authors: [creator.pubkey] });
  const d = tier!.tags.find((t) => t[0] === 'd')![1]!;
  expect(d).toMatch(/^sketches-[0-9a-z]{6}$/);
  expect(tier!.content).toBe('Every sketch of the week, unedited.');
  expect(tier!.tags).toEqual([
    ['d', d],
    ['title', 'Sketches'],
    ['amount', '1500000', 'msats', 'monthly'],
    ['amount', '15000000', 'msats', 'yearly'],
    ['perk', 'A sketch every week'],
    ['perk', 'Your name in the credits'],
  ]);
  const address = `37001:${creator.pubkey}:${d}`;
  await expect
    .poll(async () => (await query(relay, { kinds: [17000], authors: [creator.pubkey] }))[0]?.tags)
    .toEqual([['a', address]]);

  // The reader sees Subscribe and the tier with its prices and perks.
  const readerPage = await signedInPage(browser, reader);
  const readerErrors = watchConsole(readerPage);
  let dialog = await openSubscribe(readerPage, creator, name);
  const group = dialog.getByRole('group', { name: 'Sketches' });
  await expect(group).toContainText('Every sketch of the week, unedited.', { timeout: 30_000 });
  await expect(group.getByRole('radio', { name: '1,500 sats per month' })).toBeVisible();
  await expect(group.getByRole('radio', { name: '15,000 sats per year' })).toBeVisible();
  await expect(group).toContainText('A sketch every week');
  await expect(group).toContainText('Your name in the credits');

  // The creator raises the monthly price and drops a perk: same d, published again.
  await card.getByRole('button', { name: 'Edit Sketches' }).click();
  const edit = page.getByRole('form', { name: 'Edit Sketches' });
  await expect(edit.getByLabel('Per month')).toHaveValue('1500');
  await edit.getByLabel('Per month').fill('2000');
  await edit.getByRole('button', { name: 'Remove perk 2' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Tier saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('2,000 sats per month · 15,000 sats per year');
  await expect(card).not.toContainText('Your name in the credits');
  await expect(card.getByRole('button', { name: 'Edit Sketches' })).toBeFocused();
  const versions = await query(relay, { kinds: [37001], authors: [creator.pubkey] });
  expect(versions).toHaveLength(1);
  expect(versions[0]!.tags.find((t) => t[0] === 'd')![1]).toBe(d);
  expect(versions[0]!.created_at).toBeGreaterThan(tier!.created_at);

  // The reader sees the new price (creator_paid_tiers answers with the newest version).
  await readerPage.keyboard.press('Escape');
  dialog = await openSubscribe(readerPage, creator, name);
  await expect(dialog.getByRole('radio', { name: '2,000 sats per month' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByRole('radio', { name: '1,500 sats per month' })).toHaveCount(0);
  await expect(dialog).not.toContainText('Your name in the credits');
  await readerPage.keyboard.press('Escape');

  // Removed: out of the list, and a kind 5 naming it by a tag.
  await card.getByRole('button', { name: 'Remove Sketches' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Sketches?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Tier removed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'No paid tiers yet' })).toBeVisible();
  await expect
    .poll(async () => (await query(relay, { kinds: [17000], authors: [creator.pubkey] }))[0]?.tags)
    .toEqual([]);
  const [deletion] = await query(relay, { kinds: [5], authors: [creator.pubkey] });
  expect(deletion!.tags).toEqual([
    ['e', versions[0]!.id],
    ['a', address],
    ['k', '37001'],
  ]);
  expect(await query(relay, { kinds: [37001], authors: [creator.pubkey] })).toEqual([]);

  // The reader's profile view no longer offers Subscribe, once the cache has answered.
  const answered = cacheAnswered(readerPage, 'creator_paid_tiers');
  await readerPage.goto(`/p/${creator.npub}`);
  await expect(readerPage.getByRole('heading', { name, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await answered;
  await readerPage.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  await expect(readerPage.getByRole('button', { name: `Follow ${name}` })).toBeVisible();
  await expect(readerPage.getByRole('button', { name: 'Subscribe', exact: true })).toHaveCount(0);

  expect(errors).toEqual([]);
  expect(readerErrors).toEqual([]);
  await readerPage.context().close();
  await page.context().close();
});

test('a relay that refuses the tier, and a failed load, are said so', async ({
  browser,
  baseURL,
}) => {
  const creator = freshAccount();
  await seedAccount(baseURL!, creator, { name: 'refused', display_name: 'Refused Creator' });
  const page = await signedInPage(browser, creator);
  // The relay refuses every tier (a stand-in for any relay's refusal).
  await page.routeWebSocket(/\/relay$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as [string, { id: string; kind: number }];
      if (msg[0] === 'EVENT' && msg[1].kind === 37001)
        ws.send(JSON.stringify(['OK', msg[1].id, false, 'blocked: refused by the test']));
      else server.send(m);
    });
  });
  await page.goto('/settings/tiers');
  await page.getByRole('button', { name: 'New tier' }).click({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'New tier' });
  await form.getByLabel('Title').fill('Refused');
  await form.getByLabel('Per month').fill('100');
  await form.getByRole('button', { name: 'Publish tier' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The tier was not published: no relay confirmed it. Nothing changed; try again.',
    { timeout: 30_000 },
  );
  // Kept as typed, nothing on the relay, nothing left in the outbox to go out later.
  await expect(form.getByLabel('Per month')).toHaveValue('100');
  const relay = relayOf(baseURL!);
  expect(await query(relay, { kinds: [37001, 17000], authors: [creator.pubkey] })).toEqual([]);

  // The cache cannot answer: the error state with Retry.
  const other = await signedInPage(browser, creator);
  let refuse = true;
  await other.routeWebSocket(/\/v1$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const text = String(m);
      if (refuse && text.includes('creator_paid_tiers')) {
        const id = (JSON.parse(text) as [string, string])[1];
        ws.send(JSON.stringify(['NOTICE', id, 'error: refused by the test']));
      } else server.send(m);
    });
  });
  await other.goto('/settings/tiers');
  await expect(other.getByText('Your tiers could not be loaded.')).toBeVisible({
    timeout: 30_000,
  });
  refuse = false;
  await other.getByRole('button', { name: 'Try again' }).click();
  await expect(other.getByRole('heading', { name: 'No paid tiers yet' })).toBeVisible({
    timeout: 30_000,
  });
  await other.context().close();
  await page.context().close();
});

test('Settings > Paid tiers at 390 and 1280 px, light and dark: list, form and errors', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const creator = freshAccount();
  await seedAccount(baseURL!, creator, { name: 'tierlooks', display_name: 'Tier Looks' });
  const page = await signedInPage(browser, creator);
  const errors = watchConsole(page);
  await page.goto('/settings/tiers');
  await expect(page.getByRole('heading', { name: 'No paid tiers yet' })).toBeVisible({
    timeout: 30_000,
  });
  // The empty state, in the default theme.
  for (const [size, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    const theme = (await page.locator('html').getAttribute('data-theme')) ?? 'default';
    await axeClean(page, theme, size, `${theme} ${size} empty`);
    await screenshot(page, { path: testInfo.outputPath(`${theme}-${size}-empty.png`) });
  }
  // Two tiers to show, made through the form.
  for (const [title, month, year, perks] of [
    ['Reader', '1000', '10000', ['Early access to every essay']],
    [
      'Patron with a rather long title that has to wrap on a phone',
      '5000',
      '',
      ['Everything in Reader', 'A monthly call'],
    ],
  ] as const) {
    await page.getByRole('button', { name: 'New tier' }).click();
    const form = page.getByRole('form', { name: 'New tier' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill(`What ${title.split(' ')[0]} subscribers get.`);
    await form.getByLabel('Per month').fill(month);
    await form.getByLabel('Per year').fill(year);
    for (const [i, perk] of perks.entries()) {
      await form.getByRole('button', { name: 'Add a perk' }).click();
      await form.getByLabel(`Perk ${i + 1}`, { exact: true }).fill(perk);
    }
    await form.getByRole('button', { name: 'Publish tier' }).click();
    await expect(page.getByRole('list', { name: 'Your tiers' })).toContainText(title, {
      timeout: 30_000,
    });
  }

  for (const [theme, label] of [
    ['sunrise', 'Sunrise wave'],
    ['midnight', 'Midnight wave'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const [size, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => {
        history.pushState(null, '', '/settings/tiers');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(
        page.getByRole('list', { name: 'Your tiers' }).getByRole('heading', { level: 2 }),
      ).toHaveCount(2, { timeout: 30_000 });
      for (const name of ['list', 'form'] as const) {
        const where = `${theme} ${size} ${name}`;
        if (name === 'form') {
          await page.getByRole('button', { name: 'Edit Reader' }).click();
          const form = page.getByRole('form', { name: 'Edit Reader' });
          await form.getByLabel('Title').fill('');
          await form.getByLabel('Per month').fill('-3');
          await form.getByRole('button', { name: 'Save changes' }).click();
          await expect(form.getByText('Give the tier a title.')).toBeVisible();
          await expect(form.getByText('The price must be more than 0 sats.')).toBeVisible();
        }
        await page.evaluate(() => document.fonts.ready);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(widths.scroll, `${where}: sideways overflow`).toBeLessThanOrEqual(widths.inner);
        await axeClean(page, theme, size, where);
        await screenshot(page, {
          path: testInfo.outputPath(`${theme}-${size}-${name}.png`),
          fullPage: true,
        });
        if (name === 'form' && size === 'phone') {
          // What a phone shows at the end of the form: Save above the new-note button.
          await page.getByRole('button', { name: 'Save changes' }).scrollIntoViewIfNeeded();
          await page.mouse.wheel(0, 400);
          await screenshot(page, { path: testInfo.outputPath(`${theme}-${size}-form-end.png`) });
        }
        if (name === 'form') await page.getByRole('button', { name: 'Cancel' }).click();
      }
    }
  }
  expect(errors).toEqual([]);
  await page.context().close();
});
