import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { noteEncode } from 'nostr-tools/nip19';
import { watchConsole } from './console-guard.ts';
import { query, relayEventsById } from './relay-client.ts';
import { signedIn } from './social-helpers.ts';
import { themedAxe } from './theme-matrix.ts';

// The composer's polls and picture posts (issue 37) against the real server: alice makes a
// three-option poll, bob and carol vote from their own browsers, alice's tally follows live and
// closes at the end she picked; alice posts three pictures as a picture post, which bob's home
// feed shows as a gallery without layout shift and alice's media tab counts. The forms are
// looked at (screenshots) and checked with axe at phone and desktop sizes, light and dark.

const account = (name: string) => demoAccounts.find((a) => a.name === name)!;
const [alice, bob, carol] = ['alice', 'bob', 'carol'].map(account) as [
  ReturnType<typeof account>,
  ReturnType<typeof account>,
  ReturnType<typeof account>,
];
const fixture = (name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(join(import.meta.dirname, 'fixtures', name)),
});

const looks = [
  ['sunrise', 'phone', 390, 844],
  ['midnight', 'phone', 390, 844],
  ['sunrise', 'desktop', 1280, 900],
  ['midnight', 'desktop', 1280, 900],
] as const;

/** Screenshots and axe of `scope` in each theme and size; nothing may overflow the page. */
async function lookAt(page: Page, scope: Locator, name: string, path: (f: string) => string) {
  for (const [theme, size, width, height] of looks) {
    await page.setViewportSize({ width, height });
    await page.evaluate(
      ({ theme, dark }) => {
        document.documentElement.setAttribute('data-theme', theme);
        document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
      },
      { theme, dark: theme === 'midnight' },
    );
    await scope.scrollIntoViewIfNeeded();
    const overflow = await scope.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `${name} ${theme} ${size}: horizontal overflow`).toBeLessThanOrEqual(0);
    // The text field is a textarea with the combobox role (its mention list), which axe's
    // aria-allowed-role does not accept on a textarea (as in uploads-design.spec.ts).
    const axe = await themedAxe(new AxeBuilder({ page }).include('[role="dialog"]'), theme, size)
      .disableRules(['aria-allowed-role'])
      .analyze();
    expect(
      axe.violations.map(
        (v) =>
          `${theme} ${size} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
    await page.screenshot({ path: path(`${name}-${theme}-${size}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => document.documentElement.removeAttribute('data-theme'));
}

async function openComposer(page: Page) {
  await page.getByRole('button', { name: 'New note' }).first().click();
  return page.getByRole('dialog', { name: 'New note' });
}

const option = (page: Page, label: string) =>
  page.getByRole('radio', { name: new RegExp(`^${label}`) });

async function vote(page: Page, label: string, button: 'Vote' | 'Change vote') {
  await option(page, label).check();
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(option(page, label)).toHaveAccessibleName(/your vote/, { timeout: 15_000 });
}

test('alice makes a poll in the composer; bob and carol vote; the tally follows live and closes at the end', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(480_000);
  // The voters sign in first, so that the poll's few minutes are spent voting.
  const [a, b, c] = await Promise.all([alice, bob, carol].map((who) => signedIn(browser, who)));
  const errors = [a, b, c].map((p) => watchConsole(p));
  await a.setViewportSize({ width: 1280, height: 900 });

  const dialog = await openComposer(a);
  await dialog.getByRole('button', { name: 'Add a poll' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove the poll' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const question = `Which colour, ${Date.now().toString(36)}?`;
  await dialog.getByRole('combobox', { name: 'Your question' }).fill(question);
  await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Red');
  await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Green');
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Add an option' }).click();
  // An empty third option is left out; two that read the same are refused.
  await dialog.getByRole('textbox', { name: 'Option 3' }).fill('red');
  await expect(dialog.getByText('Two options read the same.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Blue');
  await expect(dialog.getByRole('switch', { name: /more than one option/ })).not.toBeChecked();
  // Votes go to alice's write relays and this server's relay, all chosen by default.
  const relays = dialog.getByRole('group', { name: 'Votes go to' }).getByRole('checkbox');
  await expect(relays.first()).toBeChecked();

  // It ends at the start of the minute after next (the form takes minutes): 1-3 minutes away.
  const endsAt = Math.ceil((Date.now() / 1000 + 90) / 60) * 60;
  await dialog.getByRole('combobox', { name: 'Poll ends' }).click();
  await a.getByRole('option', { name: 'At a date and time' }).click();
  const localEnd = await a.evaluate((ms) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, endsAt * 1000);
  await dialog.getByLabel('End date and time').fill(localEnd);
  await lookAt(a, dialog, 'composer-poll', (f) => testInfo.outputPath(f));
  // Keyboard: the form is reachable in order from the question.
  await dialog.getByRole('combobox', { name: 'Your question' }).focus();
  await a.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Option 1' })).toBeFocused();

  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();
  // Alice's new poll is at the top of her feed while the outbox sends it.
  const card = a
    .getByRole('feed', { name: 'Home' })
    .locator('article')
    .filter({ hasText: question });
  await expect(card.getByRole('group', { name: 'Poll' })).toBeVisible({ timeout: 30_000 });
  const id = (await card.first().getAttribute('data-note-id'))!;
  await expect
    .poll(async () => (await relayEventsById(baseURL!, [id])).length, { timeout: 30_000 })
    .toBe(1);
  const [poll] = await relayEventsById(baseURL!, [id]);
  expect(poll!.kind).toBe(1068);
  expect(poll!.content).toBe(question);
  expect(poll!.tags.filter((t) => t[0] === 'option').map((t) => t[2])).toEqual([
    'Red',
    'Green',
    'Blue',
  ]);
  expect(poll!.tags).toContainEqual(['polltype', 'singlechoice']);
  expect(poll!.tags).toContainEqual(['endsAt', String(endsAt)]);
  expect(poll!.tags.some((t) => t[0] === 'relay' && /^wss?:\/\//.test(t[1]!))).toBe(true);

  const link = `/e/${noteEncode(id)}`;
  for (const p of [a, b, c]) await p.goto(link);
  const total = (p: Page) => p.getByTestId('poll-total');
  await expect(total(a)).toHaveText('0 votes', { timeout: 30_000 });
  await vote(b, 'Red', 'Vote');
  await vote(c, 'Blue', 'Vote');
  // Alice did not reload: the votes reached the server's relay and the tally follows.
  await expect(total(a)).toHaveText('2 votes', { timeout: 30_000 });
  await expect(option(a, 'Red')).toHaveAccessibleName(/1 vote, 50 %/);
  await vote(b, 'Blue', 'Change vote');
  await expect(option(a, 'Blue')).toHaveAccessibleName(/2 votes, 100 %/, { timeout: 30_000 });
  await expect(option(a, 'Red')).toHaveAccessibleName(/0 votes, 0 %/);
  await expect(total(a)).toHaveText('2 votes');

  // At the end the poll closes on screen (no reload): no vote button, the options disabled.
  expect(Date.now() / 1000, 'the votes were in before the end').toBeLessThan(endsAt);
  for (const p of [a, b])
    await expect(p.getByText(/ · Closed /).first()).toBeVisible({
      timeout: Math.max(0, endsAt * 1000 - Date.now()) + 60_000,
    });
  await expect(option(b, 'Red')).toBeDisabled();
  await expect(b.getByRole('button', { name: /^(Vote|Change vote)$/ })).toHaveCount(0);
  await expect(option(a, 'Blue')).toHaveAccessibleName(/2 votes, 100 %/);
  for (const e of errors) expect(e).toEqual([]);
  await Promise.all([a, b, c].map((p) => p.context().close()));
});

test('alice posts three pictures as a picture post: a gallery in bob’s home feed without layout shift, and in her media tab', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(360_000);
  const a = await signedIn(browser, alice);
  const errors = watchConsole(a);
  await a.setViewportSize({ width: 1280, height: 900 });
  // A third picture, drawn here (the fixtures hold two).
  const drawn = await a.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 900;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#2a6f97';
    g.fillRect(0, 0, 900, 900);
    g.fillStyle = '#f4d35e';
    g.beginPath();
    g.arc(450, 380, 200, 0, Math.PI * 2);
    g.fill();
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });

  const dialog = await openComposer(a);
  const text = `Three views from the walk ${Date.now().toString(36)} #walk`;
  await dialog.getByRole('combobox', { name: 'What is on your mind?' }).fill(text);
  await dialog
    .getByLabel('Images or video to attach')
    .setInputFiles([
      fixture('landscape.png', 'image/png'),
      fixture('portrait.jpg', 'image/jpeg'),
      { name: 'sun.png', mimeType: 'image/png', buffer: Buffer.from(drawn) },
    ]);
  for (const name of ['landscape.png', 'portrait.jpg', 'sun.png'])
    await expect(dialog.getByRole('listitem', { name })).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
  // Every attachment is a picture: the picture post is offered; a poll no longer is.
  await expect(dialog.getByRole('button', { name: 'Add a poll' })).toHaveCount(0);
  const asPictures = dialog.getByRole('switch', { name: 'Post as a picture post' });
  await expect(asPictures).not.toBeChecked();
  await asPictures.click();
  await expect(asPictures).toBeChecked();
  const alts = {
    'landscape.png': 'Hills under a wide sky',
    'portrait.jpg': 'A tall tree by the path',
    'sun.png': 'A yellow sun on blue',
  };
  for (const [name, alt] of Object.entries(alts))
    await dialog.getByRole('textbox', { name: `Description of ${name} (alt text)` }).fill(alt);
  await lookAt(a, dialog, 'composer-pictures', (f) => testInfo.outputPath(f));
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();

  const card = a.getByRole('feed', { name: 'Home' }).locator('article').filter({ hasText: text });
  await expect(card.getByRole('group', { name: '3 pictures' })).toBeVisible({ timeout: 30_000 });
  const id = (await card.first().getAttribute('data-note-id'))!;
  await expect
    .poll(async () => (await relayEventsById(baseURL!, [id])).length, { timeout: 30_000 })
    .toBe(1);
  const [post] = await relayEventsById(baseURL!, [id]);
  expect(post!.kind).toBe(20);
  expect(post!.content).toBe(text);
  const imeta = post!.tags.filter((t) => t[0] === 'imeta');
  expect(imeta).toHaveLength(3);
  const field = (tag: string[], name: string) =>
    tag.find((p) => p.startsWith(`${name} `))?.slice(name.length + 1);
  expect(imeta.map((t) => field(t, 'dim'))).toEqual(['1200x800', '600x900', '900x900']);
  expect(imeta.map((t) => field(t, 'alt'))).toEqual(Object.values(alts));
  expect(imeta.map((t) => field(t, 'm'))).toEqual(['image/png', 'image/jpeg', 'image/png']);
  for (const t of imeta)
    expect(field(t, 'blurhash')).toMatch(/^[0-9A-Za-z#$%*+,-.:;=?@[\]^_{|}~]{6,}$/);
  expect(post!.tags).toContainEqual(['t', 'walk']);
  expect(post!.content).not.toMatch(/https?:\/\//);

  // Bob's home feed: the gallery takes its box before its pictures load. Layout shifts in the
  // feed are summed from the moment the post's card is in the page until its pictures show.
  const b = await signedIn(browser, bob);
  const bobErrors = watchConsole(b);
  await b.setViewportSize({ width: 1280, height: 900 });
  await b.addInitScript((noteId) => {
    const w = window as unknown as { cardAt: number | null; shifts: [number, number, string][] };
    w.cardAt = null;
    w.shifts = [];
    new MutationObserver(() => {
      if (w.cardAt === null && document.querySelector(`article[data-note-id="${noteId}"]`))
        w.cardAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        startTime: number;
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (e.hadRecentInput) continue;
        // The feed's column only: the sidebar's cards load on their own (about 0.04 on a cold
        // home, not the gallery's doing).
        const moved = (e.sources ?? []).map((s) =>
          s.node instanceof Element ? s.node : s.node?.parentElement,
        );
        if (!moved.some((el) => el?.closest('[role="feed"]'))) continue;
        // What moved, for the failure message: its class and its note.
        const what = moved.map((el) => {
          const note = el?.closest('article')?.getAttribute('data-note-id')?.slice(0, 8);
          return `${el?.tagName.toLowerCase() ?? '?'}.${el?.className ?? ''}@${note ?? '-'}`;
        });
        w.shifts.push([e.startTime, e.value, what.join(' ')]);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, id);
  await b.goto('/home');
  const gallery = b
    .getByRole('feed', { name: 'Home' })
    .locator(`article[data-note-id="${id}"]`)
    .getByRole('group', { name: '3 pictures' });
  await expect(gallery).toBeVisible({ timeout: 60_000 });
  await expect(gallery.locator('img')).toHaveCount(3);
  await expect
    .poll(
      () =>
        gallery
          .locator('img')
          .evaluateAll((imgs: HTMLImageElement[]) =>
            imgs.every((i) => i.complete && i.naturalWidth > 0),
          ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(gallery.locator('img').first()).toHaveAttribute('alt', alts['landscape.png']);
  const cls = await b.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const w = window as unknown as { cardAt: number | null; shifts: [number, number, string][] };
    const after = w.shifts.filter(([at]) => at >= (w.cardAt ?? 0));
    return {
      cardAt: w.cardAt,
      sum: after.reduce((s, [, v]) => s + v, 0),
      shifts: after.map(([at, v, what]) => `${Math.round(at)} ms ${v.toFixed(4)} ${what}`),
    };
  });
  expect(cls.cardAt, 'the card was seen arriving').not.toBeNull();
  expect(
    cls.sum,
    `layout shift while the gallery appears (card at ${Math.round(cls.cardAt ?? 0)} ms): ${cls.shifts.join('; ')}`,
  ).toBeLessThanOrEqual(0.02);

  // Alice's media tab counts it.
  await a.goto(`/p/${alice.npub}`);
  await a.getByRole('tab', { name: /^Media/ }).click();
  await expect(
    a.getByRole('feed').locator(`article[data-note-id="${id}"]`).getByRole('group', {
      name: '3 pictures',
    }),
  ).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
  expect(bobErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  await Promise.all([a, b].map((p) => p.context().close()));
});

test('a demo video event plays inline in Explore > Media', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/explore');
  await page.getByRole('tab', { name: 'Media' }).click();
  const media = page.getByRole('feed', { name: 'Media' });
  await expect(media.locator('article').first()).toBeVisible({ timeout: 30_000 });
  // The demo network's short and normal videos (kinds 21, 22, 34235) are among its media.
  const video = media.locator('.video-post video').first();
  for (let i = 0; i < 20 && (await video.count()) === 0; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForLoadState('networkidle').catch(() => {});
  }
  await video.scrollIntoViewIfNeeded();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('a demo zap poll shows its options with the sats zapped to each', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  const [zapPoll] = await query(relay, { kinds: [6969], limit: 1 });
  expect(zapPoll, 'the demo network has zap polls').toBeDefined();
  const labels = zapPoll!.tags.filter((t) => t[0] === 'poll_option').map((t) => t[2]!);
  await page.goto(`/e/${noteEncode(zapPoll!.id)}`);
  const card = page.getByRole('group', { name: 'Zap poll' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  const options = card.locator('.poll-option');
  await expect(options).toHaveCount(labels.length);
  for (const [i, label] of labels.entries()) {
    await expect(options.nth(i)).toContainText(label);
    await expect(options.nth(i)).toContainText(/\d+ % · [\d.,]+k? sats/);
  }
  // The demo network zapped its options: some option has sats.
  await expect
    .poll(
      async () => (await options.allTextContents()).some((t) => /[1-9][\d.,]*k? sats/.test(t)),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  expect(errors).toEqual([]);
});

test('one video attached can go out as a NIP-71 video event (kind 21 for a wide one)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const a = await signedIn(browser, alice);
  const errors = watchConsole(a);
  await a.setViewportSize({ width: 1280, height: 900 });
  const dialog = await openComposer(a);
  const title = `A wide clip ${Date.now().toString(36)}`;
  await dialog
    .getByRole('combobox', { name: 'What is on your mind?' })
    .fill(`${title}\nfrom the e2e`);
  await dialog
    .getByLabel('Images or video to attach')
    .setInputFiles(fixture('clip.webm', 'video/webm'));
  await expect(dialog.getByRole('listitem', { name: 'clip.webm' })).toHaveAttribute(
    'data-status',
    'done',
    { timeout: 60_000 },
  );
  const asVideo = dialog.getByRole('switch', { name: 'Post as a video' });
  await asVideo.click();
  await expect(dialog.getByText(/as a normal video/)).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Description of clip.webm (alt text)' })
    .fill('Coloured bars moving left');
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();
  const card = a.getByRole('feed', { name: 'Home' }).locator('article').filter({ hasText: title });
  await expect(card.locator('.video-post video')).toBeVisible({ timeout: 30_000 });
  const id = (await card.first().getAttribute('data-note-id'))!;
  await expect
    .poll(async () => (await relayEventsById(baseURL!, [id])).length, { timeout: 30_000 })
    .toBe(1);
  const [video] = await relayEventsById(baseURL!, [id]);
  expect(video!.kind).toBe(21);
  expect(video!.tags).toContainEqual(['title', title]);
  expect(video!.tags).toContainEqual(['alt', 'Coloured bars moving left']);
  const imeta = video!.tags.find((t) => t[0] === 'imeta')!;
  expect(imeta).toEqual(expect.arrayContaining(['m video/webm', 'dim 320x180']));
  expect(errors).toEqual([]);
  await a.context().close();
});
