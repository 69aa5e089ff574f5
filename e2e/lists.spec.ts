import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { nprofileEncode, noteEncode as nip19NoteEncode } from 'nostr-tools/nip19';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { chooseFeed } from './feed-select.ts';
import { go } from './navigate.ts';
import { publish, query, relayEventsById } from './relay-client.ts';
import { freshAccount, relayOf, seedAccount, signInWithKey } from './settings-helpers.ts';

// Lists against the real server and demo network: follow, bookmark, report, mute. Dave acts
// here (no other spec reads his lists); Bob is the one followed, bookmarked and reported.

const dave = demoAccounts.find((a) => a.name === 'dave')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;

test.describe.configure({ timeout: 150_000 });

async function signIn(page: Page) {
  await signInWithKey(page, dave);
}

/** The newest replaceable list of `kind` of `author` (Dave unless said) on the server's relay. */
async function newest(baseURL: string, kind: number, author = dave.pubkey) {
  const events = await query(relayOf(baseURL), { kinds: [kind], authors: [author] });
  return events.sort((a, b) => b.created_at - a.created_at)[0];
}

/** A note by a demo account, published to the server's relay now. */
async function postAs(
  baseURL: string,
  who: { secretKeyHex: string },
  content: string,
  tags: string[][] = [],
) {
  const note = finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000), tags, content },
    hexToBytes(who.secretKeyHex),
  );
  expect((await publish(relayOf(baseURL), note))[2]).toBe(true);
  return note;
}

/** A fresh account with a profile and relay list, following `follows`, signed in on `page`. */
async function freshUser(page: Page, baseURL: string, name: string, follows: string[]) {
  const me = freshAccount();
  await seedAccount(baseURL, me, { name }, follows);
  await signInWithKey(page, me);
  return me;
}

const follows = (e: { tags: string[][] } | undefined) =>
  (e?.tags ?? []).filter((t) => t[0] === 'p').map((t) => t[1]);

async function openBob(page: Page) {
  await page.goto(`/p/${bob.npub}`);
  await expect(page.getByRole('heading', { name: 'Bob', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
}

test('follow and unfollow Bob from his profile; the kind 3 on the relay follows', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBob(page);
  // The demo network has Dave following Bob.
  const unfollow = page.getByRole('button', { name: 'Unfollow Bob' });
  await expect(unfollow).toBeVisible({ timeout: 20_000 });
  const before = follows(await newest(baseURL!, 3));
  expect(before).toContain(bob.pubkey);

  await unfollow.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You no longer follow Bob' }),
  ).toBeVisible({ timeout: 20_000 });
  const follow = page.getByRole('button', { name: 'Follow Bob' });
  await expect(follow).toBeEnabled();
  await expect
    .poll(async () => follows(await newest(baseURL!, 3)).includes(bob.pubkey), { timeout: 20_000 })
    .toBe(false);
  // Nobody else was dropped from the list.
  expect(follows(await newest(baseURL!, 3))).toHaveLength(before.length - 1);

  await follow.click();
  await expect(page.getByRole('button', { name: 'Unfollow Bob' })).toBeVisible({
    timeout: 20_000,
  });
  await expect
    .poll(async () => follows(await newest(baseURL!, 3)).includes(bob.pubkey), { timeout: 20_000 })
    .toBe(true);
  expect(follows(await newest(baseURL!, 3))).toHaveLength(before.length);
  // The note menu offers the same, named after the author.
  const card = page.locator('article[data-note-id]').first();
  await card.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Unfollow Bob' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});

test('bookmark a note of Bob, see it on /bookmarks, then remove it there', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBob(page);
  const card = page.locator('article[data-note-id]').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const id = (await card.getAttribute('data-note-id'))!;
  const button = card.getByRole('button', { name: 'Bookmark' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  await expect
    .poll(async () => (await newest(baseURL!, 10003))?.tags.some((t) => t[1] === id), {
      timeout: 20_000,
    })
    .toBe(true);

  await page.goto('/bookmarks');
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  const saved = page.locator(`article[data-note-id="${id}"]`);
  await expect(saved).toBeVisible({ timeout: 20_000 });
  // The reads tab lists the bookmarked articles (or says there are none).
  await page.getByRole('tab', { name: 'Reads' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Reads', exact: true })
      .or(page.getByText('No bookmarked reads')),
  ).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Notes' }).click();

  await saved.getByRole('button', { name: 'Bookmark' }).click();
  await expect(saved).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(async () => (await newest(baseURL!, 10003))?.tags.some((t) => t[1] === id), {
      timeout: 20_000,
    })
    .toBe(false);
  expect(errors).toEqual([]);
});

test('report Bob from his profile: a kind 1984 with the reason reaches the relay', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBob(page);
  await page.locator('.profile-actions').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Report user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Bob' });
  await dialog.getByRole('radio', { name: 'Impersonation' }).check();
  await dialog.getByLabel('Comment (optional)').fill('e2e report');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Report sent' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await newest(baseURL!, 1984))?.tags.some(
          (t) => t[0] === 'p' && t[1] === bob.pubkey && t[2] === 'impersonation',
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(errors).toEqual([]);
});

test('mute a word in Settings > Muted accounts: a note of Bob with it leaves his profile', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const word = `zebrafish${Date.now().toString(36)}`;
  const note = await postAs(baseURL!, bob, `Look at this ${word} swimming`);
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBob(page);
  const card = page.locator(`article[data-note-id="${note.id}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });

  await page.goto('/settings/muted');
  const words = page.getByRole('region', { name: /^Words/ });
  await words.getByLabel('Word to mute').fill(word);
  await words.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(words.getByText(word)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await newest(baseURL!, 10000))?.tags.some((t) => t[1] === word), {
      timeout: 20_000,
    })
    .toBe(true);
  await openBob(page);
  await expect(page.locator('article[data-note-id]').first()).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveCount(0);

  // Removing it brings the note back.
  await page.goto('/settings/muted');
  await words.getByRole('button', { name: `Remove ${word}` }).click();
  await expect(words.getByText(word)).toBeHidden({ timeout: 20_000 });
  await openBob(page);
  await expect(card).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('mute the author of a home note from its menu: their notes leave home at once', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  const feed = page.getByRole('feed', { name: 'Home' });
  const first = feed.locator('article[data-note-id]').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const label = (await first.getAttribute('aria-label'))!;
  const name = label.replace(/^Note by /, '');
  expect(name).not.toBe('Dave');
  await first.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Mute user' }).click();
  const dialog = page.getByRole('dialog', { name: `Mute ${name}` });
  await dialog.getByRole('radio', { name: /^Private/ }).check();
  await dialog.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(feed.locator(`article[aria-label="${label}"]`)).toHaveCount(0, { timeout: 20_000 });
  // Private: the published list does not name them in its tags; its content is encrypted.
  const list = (await newest(baseURL!, 10000))!;
  expect(list.content).not.toBe('');
  expect(list.content).not.toContain('"p"');

  // Settings > Muted accounts shows them with a private badge; unmuting brings them back.
  await page.goto('/settings/muted');
  const accounts = page.getByRole('region', { name: /^Accounts/ });
  const row = accounts.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('Private')).toBeVisible();
  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(row).toBeHidden({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('subscribe to Bob’s mute list from /mutelist, scope it and unsubscribe in Content moderation', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/mutelist/${bob.npub}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mute list of Bob' })).toBeVisible({
    timeout: 20_000,
  });
  // The demo network gives every demo account a public mute list with a few accounts.
  await expect(page.getByRole('list', { name: 'Accounts' }).getByRole('link').first()).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Subscribe as a filter list' }).click();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible({ timeout: 20_000 });
  const entry = async () => {
    const events = await query(relayOf(baseURL!), {
      kinds: [30000],
      authors: [dave.pubkey],
      '#d': ['mutelists'],
    });
    const list = events.sort((a, b) => b.created_at - a.created_at)[0];
    return list?.tags.find((t) => t[0] === 'p' && t[1] === bob.pubkey);
  };
  await expect.poll(async () => (await entry()) !== undefined, { timeout: 20_000 }).toBe(true);

  await page.goto('/settings/filters');
  const own = page.getByRole('switch', { name: /^Filter content with the list of Your own/ });
  await expect(own).toBeChecked();
  await expect(own).toBeDisabled();
  const trending = page.getByRole('switch', { name: 'Filter trending with the list of Bob' });
  await expect(trending).toBeChecked({ timeout: 20_000 });
  await trending.click();
  await expect(trending).not.toBeChecked({ timeout: 20_000 });
  await expect
    .poll(async () => JSON.parse((await entry())?.[4] ?? '{}') as object, { timeout: 20_000 })
    .toEqual({ content: true, trending: false });
  await page.getByRole('button', { name: 'Unsubscribe from the list of Bob' }).click();
  await expect(trending).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await entry()) === undefined, { timeout: 20_000 }).toBe(true);
  expect(errors).toEqual([]);
});

test('a new account: unfollowing its last follow and its first and last bookmark ask first', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = await freshUser(page, baseURL!, 'fresh', [bob.pubkey]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBob(page);
  const latest = (kind: number) => newest(baseURL!, kind, me.pubkey);

  // Unfollow down to no follows: the confirmation shows the data, nothing is published before.
  await page.getByRole('button', { name: 'Unfollow Bob' }).click({ timeout: 20_000 });
  const confirm = page.getByRole('dialog', { name: 'Publish a short follow list?' });
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expect(confirm).toContainText('would have only 0 accounts');
  await expect(confirm).toContainText('Your latest published list has 1 account.');
  await expect(confirm).toContainText('Nobody: the list would be empty.');
  expect(follows(await latest(3))).toEqual([bob.pubkey]);
  await confirm.getByRole('button', { name: 'Publish this list' }).click();
  await expect(page.getByRole('button', { name: 'Follow Bob' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => follows(await latest(3)), { timeout: 20_000 }).toEqual([]);
  // Following again (1 follow, still under 2) asks again and shows Bob in the list.
  await page.getByRole('button', { name: 'Follow Bob' }).click();
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expect(confirm.getByRole('list', { name: 'Following' })).toContainText('Bob');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Follow Bob' })).toBeEnabled();
  expect(follows(await latest(3))).toEqual([]);

  // The first bookmark: "Bookmarks are public" first.
  const card = page.locator('article[data-note-id]').first();
  const id = (await card.getAttribute('data-note-id'))!;
  await card.getByRole('button', { name: 'Bookmark' }).click();
  const first = page.getByRole('dialog', { name: 'Bookmarks are public' });
  await expect(first).toBeVisible({ timeout: 20_000 });
  await first.getByRole('button', { name: 'Bookmark' }).click();
  await expect(card.getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: 20_000 },
  );
  await expect
    .poll(async () => (await latest(10003))?.tags.filter((t) => t[0] === 'e').map((t) => t[1]), {
      timeout: 20_000,
    })
    .toEqual([id]);
  // The last one removed: asked again.
  await card.getByRole('button', { name: 'Bookmark' }).click();
  const last = page.getByRole('dialog', { name: 'Remove your last bookmark?' });
  await expect(last).toBeVisible({ timeout: 20_000 });
  await last.getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
    'aria-pressed',
    'false',
    { timeout: 20_000 },
  );
  await expect
    .poll(async () => (await latest(10003))?.tags.filter((t) => t[0] === 'e').length, {
      timeout: 20_000,
    })
    .toBe(0);
  await page.goto('/bookmarks');
  await expect(page.getByText('No bookmarks yet')).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('mute a thread from a reply’s menu: the thread’s root leaves Bob’s profile', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const relay = relayOf(baseURL!);
  const carol = demoAccounts.find((a) => a.name === 'carol')!;
  const now = Math.floor(Date.now() / 1000);
  const root = finalizeEvent(
    { kind: 1, created_at: now - 5, tags: [], content: `A thread to mute ${now}` },
    hexToBytes(bob.secretKeyHex),
  );
  const reply = finalizeEvent(
    {
      kind: 1,
      created_at: now,
      tags: [
        ['e', root.id, '', 'root'],
        ['p', bob.pubkey],
      ],
      content: `Replying in the thread ${now}`,
    },
    hexToBytes(carol.secretKeyHex),
  );
  expect((await publish(relay, root))[2]).toBe(true);
  expect((await publish(relay, reply))[2]).toBe(true);
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBob(page);
  const rootCard = page.locator(`article[data-note-id="${root.id}"]`);
  await expect(rootCard).toBeVisible({ timeout: 20_000 });

  await page.goto(`/e/${nip19NoteEncode(reply.id)}`);
  const replyCard = page.locator(`article[data-note-id="${reply.id}"]`);
  await expect(replyCard).toBeVisible({ timeout: 20_000 });
  await replyCard.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Mute user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mute Carol' });
  await dialog.getByRole('radio', { name: /^Mute this thread/ }).check();
  await dialog.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await newest(baseURL!, 10000))?.tags.some((t) => t[0] === 'e' && t[1] === root.id),
      { timeout: 20_000 },
    )
    .toBe(true);
  await openBob(page);
  await expect(page.locator('article[data-note-id]').first()).toBeVisible({ timeout: 20_000 });
  await expect(rootCard).toHaveCount(0);

  // Settings > Muted accounts lists the thread; removing it brings the note back.
  await page.goto('/settings/muted');
  const threads = page.getByRole('region', { name: /^Threads/ });
  await expect(threads.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await threads.getByRole('button', { name: /^Remove Thread/ }).click();
  await expect(threads.getByText('Nothing muted here.')).toBeVisible({ timeout: 20_000 });
  await openBob(page);
  await expect(rootCard).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('follow Bob, then Latest (home) and My Follows (reads) show his notes without a reload', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const carol = demoAccounts.find((a) => a.name === 'carol')!;
  const me = await freshUser(page, baseURL!, 'follower', [carol.pubkey]);
  const fresh = await postAs(baseURL!, bob, `Fresh from Bob ${Date.now().toString(36)}`);
  const now = Math.floor(Date.now() / 1000);
  const article = finalizeEvent(
    {
      kind: 30023,
      created_at: now,
      tags: [
        ['d', `tide-tables-${now}`],
        ['title', 'Reading tide tables'],
        ['published_at', String(now)],
      ],
      content: 'High water comes twice a day, a little later each day.',
    },
    hexToBytes(bob.secretKeyHex),
  );
  expect((await publish(relayOf(baseURL!), article))[2]).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await chooseFeed(page, 'Latest');
  const feed = page.getByRole('feed', { name: 'Home' });
  // Carol's notes only: Bob is not followed yet.
  await expect(feed.locator('article[data-note-id]').first()).toBeVisible({ timeout: 30_000 });
  await expect(feed.locator(`article[data-note-id="${fresh.id}"]`)).toHaveCount(0);
  // Reads > My Follows: Carol's articles, not Bob's new one.
  await page.getByRole('link', { name: 'Reads', exact: true }).first().click();
  await chooseFeed(page, 'My Follows');
  const reads = page.locator('article.article-card');
  await expect(reads.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`article[data-note-id="${article.id}"]`)).toHaveCount(0);

  // Bob's profile (in the app, as a link would), Follow, back to Home.
  await go(page, `/p/${bob.npub}`);
  await page.getByRole('button', { name: 'Follow Bob' }).click({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'You follow Bob now' })).toBeVisible({
    timeout: 20_000,
  });
  expect(follows(await newest(baseURL!, 3, me.pubkey))).toEqual([carol.pubkey, bob.pubkey]);
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await chooseFeed(page, 'Latest');
  await expect(feed.locator(`article[data-note-id="${fresh.id}"]`)).toHaveAttribute(
    'aria-label',
    'Note by Bob',
    { timeout: 30_000 },
  );
  await page.getByRole('link', { name: 'Reads', exact: true }).first().click();
  await chooseFeed(page, 'My Follows');
  await expect(page.locator(`article[data-note-id="${article.id}"]`)).toHaveAttribute(
    'aria-label',
    'Reading tide tables',
    { timeout: 30_000 },
  );
  expect(errors).toEqual([]);
});

test('mute a hashtag: its notes leave the thread and the home feed at once', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const carol = demoAccounts.find((a) => a.name === 'carol')!;
  const tag = `tidepool${Date.now().toString(36)}`;
  const me = await freshUser(page, baseURL!, 'tagger', [bob.pubkey, carol.pubkey]);
  const root = await postAs(baseURL!, bob, `Low tide today #${tag}`, [['t', tag]]);
  const reply = await postAs(baseURL!, carol, 'Lovely, which beach?', [
    ['e', root.id, '', 'root'],
    ['p', bob.pubkey],
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await chooseFeed(page, 'Latest');
  const homeNote = page.getByRole('feed', { name: 'Home' }).locator(`[data-note-id="${root.id}"]`);
  await expect(homeNote).toBeVisible({ timeout: 30_000 });
  await go(page, `/e/${nip19NoteEncode(reply.id)}`);
  const rootCard = page.locator(`article[data-note-id="${root.id}"]`);
  const replyCard = page.locator(`article[data-note-id="${reply.id}"]`);
  await expect(replyCard).toBeVisible({ timeout: 20_000 });
  await expect(rootCard).toBeVisible({ timeout: 20_000 });

  await go(page, '/settings/muted');
  const hashtags = page.getByRole('region', { name: /^Hashtags/ });
  await hashtags.getByLabel('Hashtag to mute').fill(`#${tag.toUpperCase()}`);
  await hashtags.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(hashtags.getByText(`#${tag}`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await newest(baseURL!, 10000, me.pubkey))?.tags.some((t) => t[0] === 't' && t[1] === tag),
      { timeout: 20_000 },
    )
    .toBe(true);

  // Back in the thread (no reload): the tagged note is gone, the reply stays.
  await page.goBack();
  await expect(replyCard).toBeVisible({ timeout: 20_000 });
  await expect(rootCard).toHaveCount(0);
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(
    page.getByRole('feed', { name: 'Home' }).locator('article[data-note-id]').first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(homeNote).toHaveCount(0);

  // Unmuted, it comes back.
  await go(page, '/settings/muted');
  await hashtags.getByRole('button', { name: `Remove #${tag}` }).click();
  await expect(hashtags.getByText('Nothing muted here.')).toBeVisible({ timeout: 20_000 });
  await go(page, `/e/${nip19NoteEncode(reply.id)}`);
  await expect(rootCard).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('bookmark an article from /reads (an `a` tag), see it in the reads tab, remove it there', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = await freshUser(page, baseURL!, 'reader', [bob.pubkey]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/reads');
  const card = page.locator('article.article-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const id = (await card.getAttribute('data-note-id'))!;
  const [article] = await relayEventsById(baseURL!, [id]);
  const d = article!.tags.find((t) => t[0] === 'd')![1];
  const address = `30023:${article!.pubkey}:${d}`;
  const button = card.getByRole('button', { name: 'Bookmark' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  // The first bookmark asks first, naming an article.
  await button.click();
  const first = page.getByRole('dialog', { name: 'Bookmarks are public' });
  await expect(first).toContainText('Bookmark this article?', { timeout: 20_000 });
  await first.getByRole('button', { name: 'Bookmark' }).click();
  await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  // NIP-51: an article is kept by its address in an `a` tag (a relay hint may follow).
  const bookmarks = async () =>
    ((await newest(baseURL!, 10003, me.pubkey))?.tags ?? []).map((t) => t.slice(0, 2));
  await expect.poll(bookmarks, { timeout: 20_000 }).toEqual([['a', address]]);

  // /bookmarks > Reads shows it, bookmarked; removing the last one asks, then it leaves.
  await go(page, '/bookmarks');
  await page.getByRole('tab', { name: 'Reads' }).click();
  const saved = page
    .getByRole('region', { name: 'Reads', exact: true })
    .locator(`article[data-note-id="${id}"]`);
  await expect(saved).toBeVisible({ timeout: 20_000 });
  await saved.getByRole('button', { name: 'Bookmark' }).click();
  const last = page.getByRole('dialog', { name: 'Remove your last bookmark?' });
  await last.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No bookmarked reads')).toBeVisible({ timeout: 20_000 });
  await expect.poll(bookmarks, { timeout: 20_000 }).toEqual([]);
  expect(errors).toEqual([]);
});

test('mute an account typed as a key in Settings > Muted accounts, publicly and privately', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const carol = demoAccounts.find((a) => a.name === 'carol')!;
  const me = await freshUser(page, baseURL!, 'muter', [bob.pubkey, carol.pubkey]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/muted');
  const accounts = page.getByRole('region', { name: /^Accounts/ });
  const field = accounts.getByLabel('Account to mute (npub, nprofile or hex key)');
  const add = accounts.getByRole('button', { name: 'Mute', exact: true });
  await expect(accounts.getByText('Nothing muted here.')).toBeVisible({ timeout: 20_000 });

  // Refused before anything is published: not a key, yourself.
  await field.fill('npub1notakey');
  await add.click();
  await expect(accounts.getByRole('alert')).toHaveText(
    'Invalid key: enter an npub, nprofile or hex public key.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(me.npub);
  await add.click();
  await expect(accounts.getByRole('alert')).toHaveText('You cannot mute yourself.');
  expect(await newest(baseURL!, 10000, me.pubkey)).toBeUndefined();

  // Bob by hex, in public.
  await field.fill(bob.pubkey.toUpperCase());
  await add.click();
  const bobRow = accounts.getByRole('listitem').filter({ hasText: 'Bob' });
  await expect(bobRow.getByText('Public')).toBeVisible({ timeout: 20_000 });
  await expect(field).toHaveValue('');
  await expect
    .poll(async () => follows(await newest(baseURL!, 10000, me.pubkey)), { timeout: 20_000 })
    .toEqual([bob.pubkey]);
  // Twice is refused.
  await field.fill(bob.npub);
  await add.click();
  await expect(accounts.getByRole('alert')).toHaveText('This account is already muted.');

  // Carol by nprofile, privately: not named in the published tags.
  await field.fill(
    `nostr:${nprofileEncode({ pubkey: carol.pubkey, relays: [relayOf(baseURL!)] })}`,
  );
  await accounts.getByLabel('Keep it private').check();
  await add.click();
  const carolRow = accounts.getByRole('listitem').filter({ hasText: 'Carol' });
  await expect(carolRow.getByText('Private')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await newest(baseURL!, 10000, me.pubkey))?.content ?? '', {
      timeout: 20_000,
    })
    .not.toBe('');
  const list = (await newest(baseURL!, 10000, me.pubkey))!;
  expect(follows(list)).toEqual([bob.pubkey]);
  expect(list.content).not.toContain(carol.pubkey);
  expect(errors).toEqual([]);
});
