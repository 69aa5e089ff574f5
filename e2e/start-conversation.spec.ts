import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { freshAccount, seedAccount, signInWithKey, type FreshAccount } from './settings-helpers.ts';

// Issue 31, item 2: a conversation starts from a profile ("Message" beside Follow) and from
// /dms ("New message": search by name, or paste an npub / nprofile / NIP-05), and reaches the
// other account live.

test.describe.configure({ timeout: 150_000 });

async function contextFor(browser: Browser, who: FreshAccount, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  await signInWithKey(page, who);
  return page;
}

test('a conversation started from a profile and from /dms reaches the other account live', async ({
  browser,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const ann = freshAccount();
  const ben = freshAccount();
  await seedAccount(baseURL!, ann, { name: `ann${tag}`, display_name: `Ann ${tag}` });
  await seedAccount(baseURL!, ben, { name: `ben${tag}`, display_name: `Ben ${tag}` });
  const annPage = await contextFor(browser, ann, 390);
  const benPage = await contextFor(browser, ben, 1280);
  const annErrors = watchConsole(annPage);
  const benErrors = watchConsole(benPage);

  // Ben waits on his Messages screen.
  await benPage.goto('/dms');
  await expect(benPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

  // Ann opens Ben's profile on her phone: "Message" sits beside Follow.
  await annPage.goto(`/p/${ben.npub}`);
  await expect(annPage.getByRole('heading', { name: `Ben ${tag}`, level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  const actions = annPage.locator('.profile-actions');
  await expect(actions.getByRole('button', { name: 'Follow' })).toBeVisible();
  await actions.getByRole('link', { name: 'Message' }).click();
  await expect(annPage).toHaveURL(new RegExp(`/dms/${ben.npub}$`));
  await annPage.getByRole('textbox', { name: `Message to Ben ${tag}` }).fill(`hi ben ${tag}`);
  await annPage.getByRole('button', { name: 'Send' }).click();

  // It reaches Ben live: the conversation shows up under "Other" (he does not follow Ann).
  await benPage.getByRole('tab', { name: /Other/ }).click();
  await benPage.getByRole('link', { name: new RegExp(`Ann ${tag}`) }).click({ timeout: 30_000 });
  await expect(benPage.getByText(`hi ben ${tag}`)).toBeVisible({ timeout: 30_000 });

  // Ann waits in the conversation; Ben starts a new one from /dms by searching her name.
  await benPage.goto('/dms');
  await benPage.getByRole('button', { name: 'New message' }).click();
  const picker = benPage.getByRole('dialog', { name: 'New message' });
  await picker.getByRole('combobox', { name: 'To' }).fill(`ann${tag}`);
  await picker.getByRole('option', { name: new RegExp(`Ann ${tag}`) }).click({ timeout: 20_000 });
  await expect(benPage).toHaveURL(new RegExp(`/dms/${ann.npub}$`));
  await benPage.getByRole('textbox', { name: `Message to Ann ${tag}` }).fill(`hello ann ${tag}`);
  await benPage.getByRole('button', { name: 'Send' }).click();
  await expect(annPage.getByText(`hello ann ${tag}`)).toBeVisible({ timeout: 30_000 });

  // A pasted npub goes straight to the conversation.
  await benPage.goto('/dms');
  await benPage.getByRole('button', { name: 'New message' }).click();
  await benPage
    .getByRole('dialog', { name: 'New message' })
    .getByRole('combobox', { name: 'To' })
    .fill(ann.npub);
  await benPage.keyboard.press('Enter');
  await expect(benPage).toHaveURL(new RegExp(`/dms/${ann.npub}$`));
  expect(annErrors).toEqual([]);
  expect(benErrors).toEqual([]);
  await annPage.context().close();
  await benPage.context().close();
});
