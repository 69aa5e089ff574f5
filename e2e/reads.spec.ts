import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { nip19 } from 'nostr-tools';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';

// Issue 16: the reads feed (topics, paging) and the article view (table, footnote, highlight).

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

/** Scrolls a virtualised list to its end `pages` times; returns element id by list index. */
async function pageThrough(page: Page, label: string, pages: number): Promise<Map<number, string>> {
  const feed = page.getByRole('feed', { name: label });
  const container = page.locator('.feed').filter({ has: feed });
  const byIndex = new Map<number, string>();
  const collect = async () => {
    const rows = await feed
      .locator('.feed-row')
      .evaluateAll((els) =>
        els.map((el) => [
          Number(el.getAttribute('data-index')),
          el.getAttribute('data-element-id'),
        ]),
      );
    for (const [i, id] of rows) byIndex.set(i as number, id as string);
  };
  for (let n = 2; n <= pages; n++) {
    await expect(async () => {
      await collect();
      await page.mouse.wheel(0, 4000);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // At least n pages (a fast scroll may load two at once).
      expect(Number(await container.getAttribute('data-pages'))).toBeGreaterThanOrEqual(n);
    }).toPass({ timeout: 30_000 });
  }
  // Walk back up so every row has been seen at least once.
  for (let y = await page.evaluate(() => document.body.scrollHeight); y >= 0; y -= 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await collect();
  }
  return byIndex;
}

test('reads: the feed, a topic, two more pages without duplicates', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/reads');
  await expect(page.getByRole('heading', { level: 1, name: 'Reads' })).toBeVisible();
  const feed = page.getByRole('feed', { name: 'Articles' });
  await expect(feed.locator('article.article-card').first()).toBeVisible();
  // The sidebar: featured author, recommended reads, topics.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('heading', { name: 'Featured author' })).toBeVisible();
  await expect(sidebar.getByRole('heading', { name: 'Recommended reads' })).toBeVisible();
  const topics = sidebar.getByRole('navigation', { name: 'Topics' }).getByRole('link');
  await expect(topics.first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Paging: the first page, then two more, no article twice.
  const byIndex = await pageThrough(page, 'Articles', 3);
  const ids = [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
  expect(ids.length).toBeGreaterThan(40);
  expect(new Set(ids).size).toBe(ids.length);
  // Every index from 0 up was seen: the list has no holes either.
  expect(Math.max(...byIndex.keys()) + 1).toBe(ids.length);

  // A topic: its own title and list; back to all reads.
  await page.evaluate(() => window.scrollTo(0, 0));
  const topic = (await topics.first().textContent())!.replace(/^#/, '');
  await topics.first().click();
  await expect(page).toHaveURL(new RegExp(`/reads/${encodeURIComponent(topic)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Reads · #${topic}` })).toBeVisible();
  await expect(topics.first()).toHaveAttribute('aria-current', 'page');
  const topicFeed = page.getByRole('feed', { name: 'Articles' });
  await expect(topicFeed.locator('article.article-card').first()).toBeVisible();
  // Every article of the topic feed carries the topic's tag.
  const topicIds = await topicFeed
    .locator('article.article-card')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-note-id')!));
  const topicEvents = await query(`${page.url().replace(/^http(.*?)\/reads.*$/, 'ws$1')}/relay`, {
    ids: topicIds,
  });
  expect(topicEvents.length).toBe(topicIds.length);
  for (const e of topicEvents)
    expect(e.tags.some((t) => t[0] === 't' && t[1]!.toLowerCase() === topic.toLowerCase())).toBe(
      true,
    );
  await page.getByRole('link', { name: 'Back to all reads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reads' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an article shows its table, footnote, highlight, top zaps and more from the author', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  // The demo network's highlighted article with a table (found on the relay, not hard-coded).
  const highlights = await query(relay, { kinds: [9802], limit: 500 });
  const articles = await query(relay, { kinds: [30023], limit: 500 });
  const coordinate = (a: (typeof articles)[number]) =>
    `30023:${a.pubkey}:${a.tags.find((t) => t[0] === 'd')![1]}`;
  const highlighted = articles.find(
    (a) =>
      a.content.includes('| --- |') &&
      highlights.some((h) => h.tags.some((t) => t[0] === 'a' && t[1] === coordinate(a))),
  )!;
  expect(highlighted).toBeDefined();
  const highlight = highlights.find((h) =>
    h.tags.some((t) => t[0] === 'a' && t[1] === coordinate(highlighted)),
  )!;
  const naddr = nip19.naddrEncode({
    kind: 30023,
    pubkey: highlighted.pubkey,
    identifier: highlighted.tags.find((t) => t[0] === 'd')![1]!,
  });
  await page.goto(`/e/${naddr}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Article' })).toBeVisible({
    timeout: 20_000,
  });
  const article = page.locator('article.article[aria-current="true"]');
  await expect(article.getByRole('table')).toBeVisible();
  await expect(article.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  // The footnote reference links to its note at the end.
  const ref = article.locator('sup a[href^="#"]').first();
  await expect(ref).toBeVisible();
  await expect(article.locator('.footnotes')).toContainText('Kept in a paper notebook');
  // The highlight is marked in the text, titled with who made it.
  const mark = article.locator('mark.article-highlight').first();
  await expect(mark).toBeVisible();
  const marked = (await article.locator('mark.article-highlight').allTextContents()).join('');
  expect(marked.replace(/\s+/g, ' ').trim()).toBe(highlight.content.replace(/\s+/g, ' ').trim());
  await expect(mark).toHaveAttribute('title', /^Highlighted by .+/);
  await expect(article.getByText(/^\d+ highlights?$/)).toBeVisible();
  // Reading time and author.
  await expect(article.locator('.article-reading')).toHaveText(/\d+ min read/);
  await expect(article.getByRole('heading', { name: /^More from / })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});
