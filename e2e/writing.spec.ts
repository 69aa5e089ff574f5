import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { nip19 } from 'nostr-tools';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { npubEncode, nsecEncode } from 'nostr-tools/nip19';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { screenshot } from './screenshots.ts';

// Issue 36, the writing half: the article editor against the real server (publish with a header
// image, a table and a footnote; the preview is the article; edit keeps the address; unpublish),
// drafts on every device (NIP-37, sealed on the relay), and the editor at 390 px with the
// on-screen keyboard's height. Each test signs in with a new key.

test.describe.configure({ timeout: 240_000 });

interface Account {
  sk: Uint8Array;
  pubkey: string;
}

function newAccount(): Account {
  const sk = generateSecretKey();
  return { sk, pubkey: getPublicKey(sk) };
}

async function signIn(page: Page, account: Account) {
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec: nsecEncode(account.sk), pubkey: account.pubkey },
  );
}

async function signedInPage(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const relayOf = (baseURL: string) => `${baseURL.replace(/^http/, 'ws')}/relay`;

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

test('an article with a header image, a table and a footnote: published as previewed, edited at the same address, unpublished', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = newAccount();
  await signIn(page, me);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = Date.now().toString(36);
  const title = `Tides and moons ${tag}`;
  await page.goto('/reads');
  await page.getByRole('link', { name: 'Write an article' }).click();
  await expect(page).toHaveURL(/\/write\/article\?draft=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Write an article' })).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Summary', { exact: true }).fill('Why the sea comes and goes');
  await page.getByLabel('Topics', { exact: true }).fill('ocean, Writing');
  await page.getByLabel('Header image file').setInputFiles(fixture('landscape.png'));
  const header = page.locator('img.writing-header-image');
  await expect(header).toHaveAttribute('src', /^https?:\/\/.+[0-9a-f]{64}/, { timeout: 60_000 });
  const headerSrc = (await header.getAttribute('src'))!;

  const body = page.getByLabel('Article text (Markdown)');
  await body.fill(
    [
      'The moon pulls the sea twice a day.[^1]',
      '',
      '| Place | High tide |',
      '| --- | --- |',
      '| Brest | 6.1 m |',
      '| Dover | 5.9 m |',
      '',
      'strong words',
      '',
      '[^1]: Twice, because the earth turns under two bulges.',
    ].join('\n'),
  );
  // Ctrl+B makes the selection bold.
  await body.evaluate((el: HTMLTextAreaElement) => {
    const at = el.value.indexOf('strong');
    el.setSelectionRange(at, at + 'strong'.length);
  });
  await body.press('Control+b');
  await expect(body).toHaveValue(/\*\*strong\*\* words/);

  const preview = page.getByRole('region', { name: 'Preview' });
  const previewBody = preview.locator('.markdown');
  await expect(previewBody.locator('table td').first()).toHaveText('Brest');
  await expect(previewBody.locator('section.footnotes li')).toHaveCount(1);
  await expect(previewBody.locator('strong')).toHaveText('strong');
  await expect(page.getByText(/^\d+ words · 1 min read$/)).toBeVisible();
  const previewHtml = await previewBody.innerHTML();

  // Autosaved as a draft on the relay before publishing (the pause after typing).
  await expect(page.getByRole('status').filter({ hasText: 'Saved to relays' })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Article published', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/e\/naddr1/);
  const url = new URL(page.url()).pathname;
  const decoded = nip19.decode(url.split('/').pop()!);
  expect(decoded.type).toBe('naddr');
  const address = decoded.data as nip19.AddressPointer;
  expect(address.pubkey).toBe(me.pubkey);
  expect(address.identifier).toBe(`tides-and-moons-${tag}`);

  // The article at its address renders exactly as the preview did.
  const articleBody = page.locator('article.article .markdown').first();
  await expect(articleBody.locator('table')).toBeVisible({ timeout: 30_000 });
  expect(await articleBody.innerHTML()).toBe(previewHtml);
  await expect(page.locator('article.article img.article-image')).toHaveAttribute('src', headerSrc);

  // On the relay: kind 30023 with the d and topics; the draft gone (its blank wrap, itself
  // deleted by the kind 5 of its address).
  const relay = relayOf(baseURL!);
  const [published] = await query(relay, { kinds: [30023], authors: [me.pubkey] });
  expect(published!.tags).toEqual(
    expect.arrayContaining([
      ['d', address.identifier],
      ['title', title],
      ['t', 'ocean'],
      ['t', 'writing'],
    ]),
  );
  const publishedAt = published!.tags.find((t) => t[0] === 'published_at')![1];
  await expect
    .poll(
      async () =>
        (await query(relay, { kinds: [31234], authors: [me.pubkey] }))
          .map((e) => e.content)
          .filter(Boolean),
      { timeout: 30_000 },
    )
    .toEqual([]);

  // In Reads (the latest articles) and on the profile's Reads tab.
  await page.goto('/reads');
  const readsFeed = page.getByRole('feed', { name: 'Articles' });
  await expect(readsFeed.getByText(title)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/p/${npubEncode(me.pubkey)}`);
  await page.getByRole('tab', { name: /Reads/ }).click();
  await expect(page.getByRole('link', { name: 'Write an article' })).toBeVisible();
  await expect(page.getByRole('feed', { name: 'Reads' }).getByText(title)).toBeVisible({
    timeout: 30_000,
  });

  // Edit the title and body (from the article's menu): the same d, the same URL, published_at
  // kept.
  await page.goto(url);
  await page
    .locator('article.article')
    .getByRole('button', { name: 'More actions' })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit article' }).click();
  await expect(page).toHaveURL(new RegExp(`/write/article/${url.split('/').pop()}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit article' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title, { timeout: 30_000 });
  await page.getByLabel('Title', { exact: true }).fill(`${title}, revised`);
  await body.fill(`${await body.inputValue()}\n\nA line added on editing.`);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText('Article updated', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`${url}$`));
  await expect(page.locator('article.article').getByText('A line added on editing.')).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => {
      const events = await query(relay, { kinds: [30023], authors: [me.pubkey] });
      return events.map((e) => [
        e.tags.find((t) => t[0] === 'd')?.[1],
        e.tags.find((t) => t[0] === 'title')?.[1],
        e.tags.find((t) => t[0] === 'published_at')?.[1],
      ]);
    })
    .toEqual([[address.identifier, `${title}, revised`, publishedAt]]);

  // Unpublish: a kind 5 naming the address; gone from Reads.
  await page.goto(`/write/article/${url.split('/').pop()}`);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Article unpublished', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const [deletion] = await query(relay, { kinds: [5], authors: [me.pubkey] });
  expect(deletion!.tags).toContainEqual(['a', `30023:${me.pubkey}:${address.identifier}`]);
  await expect(async () => {
    await page.goto('/reads');
    await expect(
      page.getByRole('feed', { name: 'Articles' }).locator('article').first(),
    ).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  }).toPass({ timeout: 60_000 });
  expect(errors).toEqual([]);
});

test('a draft typed on one device shows in the Drafts of another within seconds, sealed on the relay', async ({
  browser,
  baseURL,
}, testInfo) => {
  const me = newAccount();
  const a = await signedInPage(browser, me);
  const b = await signedInPage(browser, me);
  const errorsA = watchConsole(a);
  const errorsB = watchConsole(b);
  const marker = `plaintext-marker-${Date.now().toString(36)}`;
  const title = `Secret plans ${marker}`;
  await a.goto('/write/article');
  await a.getByLabel('Title', { exact: true }).fill(title);
  await a.getByLabel('Article text (Markdown)').fill(`The body says ${marker} once.`);
  await expect(a.getByRole('status').filter({ hasText: 'Saved to relays' })).toBeVisible({
    timeout: 30_000,
  });

  await b.goto('/settings');
  await b.getByRole('link', { name: 'Drafts' }).click();
  await expect(b.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
  const row = b
    .getByRole('list', { name: 'Your drafts' })
    .getByRole('button', { name: /Secret plans/ });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await expect(b.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(b.getByLabel('Article text (Markdown)')).toHaveValue(
    `The body says ${marker} once.`,
  );

  // Nothing of the draft in plain text in any of the user's events on the relay.
  const events = await query(relayOf(baseURL!), { authors: [me.pubkey] });
  const wraps = events.filter((e) => e.kind === 31234);
  expect(wraps.length).toBeGreaterThan(0);
  for (const e of events) {
    expect(JSON.stringify(e)).not.toContain(marker);
    expect(JSON.stringify(e)).not.toContain('Secret plans');
  }
  expect(wraps[0]!.tags).toContainEqual(['k', '30023']);

  // A new note typed in the composer is a draft on every device too (kind 1), and opens in the
  // other device's composer.
  const note = `A note drafted on a ${marker}`;
  await a.goto('/home');
  await a.getByRole('button', { name: 'New note' }).first().click();
  await a
    .getByRole('dialog', { name: 'New note' })
    .getByRole('combobox', { name: 'What is on your mind?' })
    .fill(note);
  await b.goto('/drafts');
  const noteRow = b
    .getByRole('list', { name: 'Your drafts' })
    .getByRole('button', { name: /^Note/ })
    .filter({ hasText: note });
  await expect(noteRow).toBeVisible({ timeout: 20_000 });
  await screenshot(b, { path: testInfo.outputPath('drafts-1280.png') });
  await b.setViewportSize({ width: 390, height: 844 });
  await screenshot(b, { path: testInfo.outputPath('drafts-390.png') });
  await noteRow.click();
  await expect(
    b
      .getByRole('dialog', { name: 'New note' })
      .getByRole('combobox', { name: 'What is on your mind?' }),
  ).toHaveValue(note);
  const noteWraps = (
    await query(relayOf(baseURL!), { kinds: [31234], authors: [me.pubkey] })
  ).filter((e) => e.tags.some((t) => t[0] === 'k' && t[1] === '1'));
  expect(noteWraps).toHaveLength(1);
  expect(JSON.stringify(noteWraps)).not.toContain(marker);
  expect(errorsA).toEqual([]);
  expect(errorsB).toEqual([]);
});

test('the editor: axe-clean, reachable with the on-screen keyboard at 390 px, looked at in light and dark', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await signIn(page, newAccount());
  for (const [theme, label] of [
    ['sunrise', 'Sunrise wave'],
    ['midnight', 'Midnight wave'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const [size, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/write/article');
      await page.getByLabel('Title', { exact: true }).fill('A look at the editor');
      await page.getByLabel('Summary', { exact: true }).fill('What it looks like');
      await page
        .getByLabel('Article text (Markdown)')
        .fill(
          'Some **bold** text.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nA note.[^n]\n\n[^n]: The note.',
        );
      await expect(page.getByRole('region', { name: 'Preview' }).locator('table')).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await screenshot(page, {
        path: testInfo.outputPath(`${theme}-${size}-editor.png`),
        fullPage: true,
      });
    }
  }

  // The on-screen keyboard leaves 390 x 400 px: typing deep in the body, the formatting bar and
  // Publish stay on screen.
  await page.setViewportSize({ width: 390, height: 400 });
  const body = page.getByLabel('Article text (Markdown)');
  await body.click();
  await body.press('End');
  for (let i = 0; i < 30; i++) await body.press('Enter');
  await body.pressSequentially('still typing');
  await expect(body).toBeFocused();
  await expect(page.getByRole('button', { name: 'Bold (Ctrl+B)' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeInViewport();
  await screenshot(page, { path: testInfo.outputPath('midnight-phone-keyboard-editor.png') });
  await page.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
  await expect(body).toHaveValue(/still typing\*\*\*\*/);
  expect(errors).toEqual([]);
});
