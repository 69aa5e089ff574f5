import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { watchConsole } from './console-guard.ts';

// Issue 16: the sidebar search box, /search/:query and the advanced search builder.

const alice = demoAccounts.find((a) => a.name === 'alice')!;

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('searching a word lists notes that contain it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/home');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('sourdough');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/sourdough$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search: sourdough' })).toBeVisible();
  const notes = page.getByRole('feed', { name: 'Notes' }).locator('article');
  await expect(notes.first()).toBeVisible();
  const texts = await notes.locator('.note-content').allTextContents();
  expect(texts.length).toBeGreaterThan(1);
  for (const t of texts) expect(t.toLowerCase()).toContain('sourdough');
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('typing a name suggests users; searching it lists them', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/home');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('Alic');
  const suggestions = page.getByRole('listbox', { name: 'People' }).getByRole('option');
  await expect(suggestions.filter({ hasText: 'Alice' }).first()).toBeVisible();
  expect(await suggestions.count()).toBeLessThanOrEqual(10);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // Keyboard: down to the first suggestion, Enter opens that profile.
  await box.press('ArrowDown');
  await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
  await box.fill('Alice');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/Alice$/);
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByRole('link').filter({ hasText: 'Alice' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a pasted npub opens the profile; an undecodable one is a text search; empty is refused', async ({
  page,
}) => {
  await page.goto('/home');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(alice.npub);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/p/${alice.npub}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();

  await box.fill('npub1notakey');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/npub1notakey$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search: npub1notakey' })).toBeVisible();

  await box.fill('   ');
  await box.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Type something to search for.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/search\/npub1notakey$/);

  // An npub in the address goes to the profile too.
  await page.goto(`/search/${alice.npub}`);
  await expect(page).toHaveURL(new RegExp(`/p/${alice.npub}$`));
});

test('an advanced search for kind:30023 lists reads; a failed search says so', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/asearch');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced search' })).toBeVisible();
  // Nothing to search for yet: refused with a message.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Add words, a phrase, hashtags, people or a kind to search for.',
  );
  await page.getByLabel('All of these words').fill('the');
  await page.getByLabel('Kind').selectOption({ label: 'Reads (articles)' });
  await expect(page.getByRole('status').or(page.locator('output'))).toHaveText('the kind:30023');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/asearch\/the%20kind%3A30023$/);
  const reads = page.getByRole('feed', { name: 'Reads' });
  await expect(reads.locator('article.article-card').first()).toBeVisible();
  expect(await reads.locator('article:not(.article-card)').count()).toBe(0);
  // The builder is filled from the address.
  await expect(page.getByLabel('All of these words')).toHaveValue('the');
  await expect(page.getByLabel('Kind')).toHaveValue('30023');
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);

  // Only excluded words: the server refuses the query; the screen says so.
  await page.goto('/search/-bread');
  await expect(
    page.getByRole('alert').filter({ hasText: 'ERROR fetching search results' }),
  ).toBeVisible();
});
