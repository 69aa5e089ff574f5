import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { openStreams, publish } from './relay-client.ts';

// Issue 16: Explore's tabs, its title (timeframe and scope), and the net stats stream.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveText(option);
}

test('each Explore tab shows content; the title follows timeframe and scope', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Trending · Global' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Feeds' })).toHaveAttribute('aria-selected', 'true');
  const notes = page.getByRole('feed', { name: 'Feeds' }).locator('article');
  await expect(notes.first()).toBeVisible();
  const trendingFirst = await notes.first().getAttribute('data-note-id');
  await expectNoAxeViolations(page);

  await choose(page, 'Timeframe', 'Latest');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest · Global' })).toBeVisible();
  await expect(page).toHaveURL(/timeframe=latest/);
  await expect(notes.first()).toBeVisible();
  // Latest is newest first: another order than trending.
  await expect
    .poll(async () => {
      const times = await page
        .getByRole('feed', { name: 'Feeds' })
        .locator('article time')
        .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));
      return times.length > 2 && times.every((t, i) => i === 0 || t <= times[i - 1]!);
    })
    .toBe(true);
  await choose(page, 'Scope', 'Network');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest · Network' })).toBeVisible();
  await choose(page, 'Timeframe', 'Most zapped');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Most zapped · Network' }),
  ).toBeVisible();
  expect(trendingFirst).toBeTruthy();

  await page.getByRole('tab', { name: 'People' }).click();
  await expect(page).toHaveURL(/tab=people/);
  const people = page.getByRole('feed', { name: 'People' });
  await expect(people.locator('a.search-user').first()).toBeVisible();
  await expect(people.getByText(/^\+\d+ followers?$/).first()).toBeVisible();
  // Each suggestion can be followed from the list.
  await expect(people.getByRole('button', { name: /^Follow / }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Zaps' }).click();
  const zaps = page.getByRole('feed', { name: 'Zaps' });
  await expect(zaps.locator('article[aria-label^="Zap of"]').first()).toBeVisible();
  // The zapped note is shown under the zap.
  await expect(zaps.locator('article[aria-label^="Zap of"] article').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Media' }).click();
  const media = page.getByRole('feed', { name: 'Media' });
  await expect(media.locator('article img, article video').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Topics' }).click();
  const topics = page.getByRole('list', { name: 'Topics' }).getByRole('link');
  await expect(topics.first()).toBeVisible();
  await expect(topics.first()).toHaveText(/^#\S+\d+ notes?$/);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('net stats change while Explore is open; the stream is closed when it is left', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  expect((await openStreams(baseURL!)).net_stats ?? 0).toBe(0);
  await page.goto('/explore');
  const notesStat = page.locator('.net-stat[data-stat="pubnotes"] dd');
  await expect(notesStat).toHaveAttribute('data-value', /^\d+$/);
  const before = Number(await notesStat.getAttribute('data-value'));
  // The server counts one open net_stats stream: this page's.
  await expect.poll(async () => (await openStreams(baseURL!)).net_stats ?? 0).toBe(1);

  // A new note (of a key of this test alone) reaches the server's relay; the pushed stats count it.
  const note = finalizeEvent(
    {
      kind: 1,
      created_at: Math.floor(Date.now() / 1000),
      tags: [],
      content: `Net stats check ${Date.now()}`,
    },
    generateSecretKey(),
  );
  const ok = await publish(`${baseURL!.replace(/^http/, 'ws')}/relay`, note);
  expect(ok[2]).toBe(true);
  await expect
    .poll(async () => Number(await notesStat.getAttribute('data-value')), { timeout: 20_000 })
    .toBeGreaterThan(before);
  const after = Number(await notesStat.getAttribute('data-value'));
  await expect(notesStat).toHaveText(new Intl.NumberFormat('en').format(after));

  // Leaving Explore closes the stream on the server.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(async () => (await openStreams(baseURL!)).net_stats ?? 0).toBe(0);
  expect(errors).toEqual([]);
});
