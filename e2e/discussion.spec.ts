import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { naddrEncode } from 'nostr-tools/nip19';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { publish, signedIn } from './social-helpers.ts';

// Issue 36, reading half: highlights made in the app (NIP-84) and comments on articles (NIP-22).

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;
const carol = demoAccounts.find((a) => a.name === 'carol')!;

test.describe.configure({ timeout: 240_000 });

const tag = Math.random().toString(36).slice(2, 8);
const sentence = `A sentence worth keeping, marked ${tag}.`;
const article = finalizeEvent(
  {
    kind: 30023,
    created_at: Math.floor(Date.now() / 1000) - 60,
    tags: [
      ['d', `discussion-${tag}`],
      ['title', `On keeping notes ${tag}`],
      ['summary', 'Why a passage stays with you.'],
      ['published_at', String(Math.floor(Date.now() / 1000) - 60)],
      ['t', 'writing'],
    ],
    content: [
      'Long-form writing starts with a question and ends with a few good lines.',
      '',
      `Some lines are quoted for years. ${sentence} Others are forgotten by the evening.`,
      '',
      'The rest of this essay is about how to tell them apart, and it takes a while.',
    ].join('\n'),
  },
  hexToBytes(alice.secretKeyHex),
);
const path = `/e/${naddrEncode({ kind: 30023, pubkey: alice.pubkey, identifier: `discussion-${tag}` })}`;

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

/** Selects `text` inside the article's text, as a mouse drag or Shift+arrows would. */
async function select(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const root = document.querySelector('.article .markdown')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n as Text).data.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + wanted.length);
      const s = document.getSelection()!;
      s.removeAllRanges();
      s.addRange(range);
      return;
    }
    throw new Error(`not in the article: ${wanted}`);
  }, text);
}

async function showAs(page: Page, theme: 'sunrise' | 'midnight', width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.evaluate(
    ({ theme, dark }) => {
      document.documentElement.setAttribute('data-theme', theme);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    },
    { theme, dark: theme === 'midnight' },
  );
  // Colours change with a transition: the screenshot waits for them.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

test('bob highlights and comments on alice’s article; alice is told, carol sees the count rise', async ({
  browser,
}, testInfo) => {
  const bobPage = await signedIn(browser, bob);
  const errors = watchConsole(bobPage);
  await publish(bobPage, article);

  // Carol, a third reader, sees the article without comments first.
  const carolPage = await signedIn(browser, carol);
  await carolPage.goto(path);
  const carolArticle = carolPage.locator('article.article');
  await expect(
    carolArticle.getByRole('heading', { name: `On keeping notes ${tag}` }),
  ).toBeVisible();
  await expect(
    carolPage.getByText('No comments yet. Be the first to say something.'),
  ).toBeVisible();
  // The article's own action bar (the cards of more articles below have theirs).
  const replyCount = carolArticle.getByRole('button', { name: /^Reply, \d+ repl/ }).first();
  await expect(replyCount).toHaveAccessibleName(/^Reply, 0 repl/);

  // Bob selects a sentence: the popover offers to highlight it, with a comment.
  await bobPage.goto(path);
  await expect(bobPage.getByText(sentence)).toBeVisible();
  await select(bobPage, sentence);
  const actions = bobPage.getByRole('group', { name: 'Highlight the selected text' });
  await expect(actions.getByRole('button', { name: 'Highlight', exact: true })).toBeVisible();
  for (const width of [1280, 390])
    for (const theme of ['sunrise', 'midnight'] as const) {
      await showAs(bobPage, theme, width);
      await select(bobPage, sentence);
      await expect(actions).toBeInViewport();
      await bobPage.screenshot({ path: testInfo.outputPath(`popover-${theme}-${width}.png`) });
    }
  await showAs(bobPage, 'sunrise', 1280);
  await select(bobPage, sentence);
  await actions.getByRole('button', { name: 'Highlight with comment' }).click();
  await actions
    .getByRole('textbox', { name: 'Your comment on this passage' })
    .fill('The line of the essay.');
  await bobPage.screenshot({ path: testInfo.outputPath('highlight-form-sunrise-1280.png') });
  await actions.getByRole('button', { name: 'Highlight', exact: true }).click();
  // Marked at once, and listed with its comment.
  const mark = bobPage.locator('mark.article-highlight');
  await expect(mark).toHaveText(sentence);
  const quotes = bobPage.getByRole('region', { name: 'Highlights' });
  await expect(quotes.getByText('The line of the essay.')).toBeVisible();
  await expect(bobPage.getByText('Highlighted', { exact: true })).toBeVisible({ timeout: 20_000 });

  // Bob comments on the article; the comment shows at once.
  const comments = bobPage.getByRole('region', { name: /^Comments/ });
  await comments.getByRole('textbox', { name: 'Write a comment' }).fill(`Well argued ${tag}.`);
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments.getByRole('article', { name: 'Comment by Bob' })).toContainText(
    `Well argued ${tag}.`,
  );
  await expect(comments.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');

  // Alice sees the highlight on her article and both in her notifications.
  const alicePage = await signedIn(browser, alice);
  await alicePage.goto(path);
  await expect(alicePage.locator('mark.article-highlight')).toHaveText(sentence, {
    timeout: 30_000,
  });
  await expect(alicePage.locator('mark.article-highlight')).toHaveAttribute(
    'title',
    'Highlighted by Bob',
  );
  await alicePage.goto('/notifications');
  const list = alicePage.getByRole('main');
  await expect(list.getByText('Bob highlighted a passage of your article')).toBeVisible({
    timeout: 30_000,
  });
  await expect(list.getByText('The line of the essay.')).toBeVisible();
  await expect(list.getByText('Bob commented on your article')).toBeVisible();
  await expect(list.getByText(`Well argued ${tag}.`)).toBeVisible();
  await expect(list.getByRole('link', { name: `On keeping notes ${tag}` }).first()).toBeVisible();
  await alicePage.screenshot({ path: testInfo.outputPath('alice-notifications-1280.png') });

  // Alice opens Bob's comment: it says what it comments on, and her reply is a comment too.
  await list
    .locator(`article[data-note-id]`, { hasText: `Well argued ${tag}.` })
    .locator('.note-time')
    .click();
  await expect(alicePage.getByRole('heading', { level: 1, name: 'Thread' })).toBeVisible();
  await expect(
    alicePage
      .locator('article[aria-current="true"]')
      .getByRole('link', { name: `On keeping notes ${tag}` }),
  ).toBeVisible();
  await alicePage.getByRole('textbox', { name: 'Reply to Bob' }).fill('Thank you!');
  await alicePage
    .getByRole('form', { name: 'Reply to Bob' })
    .getByRole('button', { name: 'Reply', exact: true })
    .click();
  await expect(alicePage.getByRole('region', { name: 'Replies' })).toContainText('Thank you!');

  // Carol, reloading, sees the comment and the count risen, and can reply to it.
  await carolPage.reload();
  // Bob's comment and Alice's reply to it: the discussion's count on the article.
  await expect(replyCount).toHaveAccessibleName(/^Reply, 2 repl/, { timeout: 30_000 });
  const carolComments = carolPage.getByRole('region', { name: /^Comments/ });
  await expect(carolComments.getByText('2 comments', { exact: true })).toBeVisible();
  await expect(carolComments.getByRole('list', { name: 'Replies to Bob' })).toContainText(
    'Thank you!',
  );
  await carolComments.getByRole('button', { name: 'Reply', exact: true }).first().click();
  await carolComments.getByRole('textbox', { name: 'Reply to Bob' }).fill('Seconded.');
  await carolComments
    .getByRole('form', { name: 'Reply to Bob' })
    .getByRole('button', { name: 'Reply', exact: true })
    .click();
  await expect(carolComments.getByRole('list', { name: 'Replies to Bob' })).toContainText(
    'Seconded.',
  );
  await expect(carolComments.getByText('3 comments', { exact: true })).toBeVisible();
  await expectAxeClean(carolPage);

  // The article with its comments, as each reader sees it.
  for (const width of [1280, 390])
    for (const theme of ['sunrise', 'midnight'] as const) {
      await showAs(carolPage, theme, width);
      await carolComments.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await carolPage.screenshot({ path: testInfo.outputPath(`comments-${theme}-${width}.png`) });
    }
  expect(errors).toEqual([]);
});

test('a keyboard user selects text and reaches Highlight with Tab', async ({ browser }) => {
  const page = await signedIn(browser, carol);
  // Stored already when the first test ran on this worker's server ("duplicate"): either is fine.
  await publish(page, article).catch(() => {});
  await page.goto(path);
  await expect(page.locator('.article .markdown').getByText(sentence)).toBeVisible();
  await select(page, sentence);
  const actions = page.getByRole('group', { name: 'Highlight the selected text' });
  await expect(actions).toBeVisible();
  await expect(page.getByText('Text selected. Press Tab to highlight it.')).toBeAttached();
  // Tab from the selection reaches the popover; Escape closes it.
  await page.keyboard.press('Tab');
  await expect(actions.getByRole('button', { name: 'Highlight', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(actions).toHaveCount(0);
});
