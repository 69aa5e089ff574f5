import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mediaAlt, mediaBlurhash, mediaSize, mediaUrl, videoUrl } from '@swell/devnet';
import { neventEncode, npubEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { publish } from './social-helpers.ts';
import { themedAxe } from './theme-matrix.ts';

// Polls, picture posts, video events and a kind Swell does not know (issue 37), in a profile's
// feed, its media tab and a thread, at phone and desktop sizes in Sunrise and Midnight: nothing
// overflows, axe finds nothing, the gallery takes its box before its pictures load (no layout
// shift), and screenshots go to the test output folder to be looked at.

const themes = ['sunrise', 'midnight'] as const;
const sizes = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

function picture(base: string, key: string): string[] {
  const { width, height } = mediaSize('image', key);
  return [
    'imeta',
    `url ${mediaUrl(base, 'image', key)}`,
    'm image/png',
    `dim ${width}x${height}`,
    `blurhash ${mediaBlurhash('image', key)}`,
    `alt ${mediaAlt('image', key)}`,
  ];
}

async function showAs(page: Page, theme: string, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    ({ theme, dark }) => {
      const root = document.documentElement;
      root.setAttribute('data-theme', theme);
      root.style.colorScheme = dark ? 'dark' : 'light';
    },
    { theme, dark: theme === 'midnight' },
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

async function check(page: Page, theme: string, size: string, path: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${theme} ${size}: scrollWidth`).toBeLessThanOrEqual(widths.inner);
  const axe = await themedAxe(new AxeBuilder({ page }), theme, size).analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${theme} ${size} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
  await page.screenshot({ path, fullPage: false });
}

test('a poll, a picture gallery, a short video and an unknown kind render in a profile and a thread', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const sk = generateSecretKey();
  const pk = getPublicKey(sk);
  const now = Math.floor(Date.now() / 1000);
  const sign = (kind: number, content: string, tags: string[][], at: number) =>
    finalizeEvent({ kind, content, tags, created_at: at }, sk);
  const base = baseURL!;
  const events = [
    sign(0, JSON.stringify({ name: 'rich', display_name: 'Rich Notes' }), [], now - 100),
    sign(
      22,
      'Four seconds of the ridge at dusk #hiking',
      [
        ['title', 'Ridge at dusk'],
        [
          'imeta',
          `url ${videoUrl(base, 'a1b2c3d4e5f60718', 'short')}`,
          'm video/mp4',
          'dim 180x320',
          'duration 4',
        ],
      ],
      now - 40,
    ),
    sign(
      20,
      'Three views from the walk #hiking',
      [
        ['title', 'Sunday walk'],
        picture(base, '0a1b2c3d4e5f6071'),
        picture(base, '1a2b3c4d5e6f7081'),
        picture(base, '2a3b4c5d6e7f8091'),
      ],
      now - 30,
    ),
    sign(
      1068,
      'Where should the next walk go?',
      [
        ['option', 'lake', 'The lake'],
        ['option', 'ridge', 'The ridge, the long way round through the forest and the old quarry'],
        ['option', 'town', 'Into town for coffee'],
        ['polltype', 'singlechoice'],
        ['endsAt', String(now + 86_400)],
      ],
      now - 20,
    ),
  ];
  const unknown = sign(
    31337,
    'not for people',
    [
      ['d', 'track-1'],
      ['alt', 'A music track: "Hills", 3 minutes 12 seconds'],
    ],
    now - 15,
  );
  const unknownNevent = neventEncode({ id: unknown.id, author: pk, kind: unknown.kind });
  const quote = sign(
    1,
    `Listen to this one\nnostr:${unknownNevent}`,
    [['q', unknown.id]],
    now - 10,
  );
  await page.goto('/home');
  for (const e of [...events, unknown, quote]) await publish(page, e);

  // The profile: each kind rendered, the gallery's box reserved before its pictures load.
  await page.addInitScript(() => {
    (window as unknown as { shifts: number[] }).shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        const inGallery = (e.sources ?? []).some(
          (s) => s.node instanceof Element && s.node.closest('.picture-post, .poll, .video-post'),
        );
        if (!e.hadRecentInput && inGallery)
          (window as unknown as { shifts: number[] }).shifts.push(e.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/p/${npubEncode(pk)}`);
  const feed = page.getByRole('feed');
  const gallery = feed.getByRole('group', { name: '3 pictures' });
  await expect(gallery).toBeVisible({ timeout: 30_000 });
  await expect(gallery.getByRole('button', { name: 'Picture 1 of 3' })).toBeVisible();
  await expect(gallery.locator('img').first()).toHaveAttribute('alt', /\S/);
  await expect(feed.getByRole('group', { name: 'Poll' })).toBeVisible();
  await expect(feed.getByRole('radio', { name: /^The lake/ })).toBeVisible();
  const video = feed.locator('video[aria-label="Ridge at dusk"]');
  await expect(video).toBeVisible();
  // It plays inline (muted, while in view).
  await video.scrollIntoViewIfNeeded();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect
    .poll(() =>
      gallery
        .locator('img')
        .evaluateAll((imgs: HTMLImageElement[]) => imgs.every((i) => i.complete)),
    )
    .toBe(true);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(
    shifts.reduce((a, b) => a + b, 0),
    'layout shift inside the rich notes',
  ).toBe(0);

  for (const theme of themes)
    for (const [size, width, height] of sizes) {
      await showAs(page, theme, width, height);
      await gallery.scrollIntoViewIfNeeded();
      await check(page, theme, size, testInfo.outputPath(`${theme}-${size}-gallery.png`));
      await feed.getByRole('group', { name: 'Poll' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`${theme}-${size}-poll.png`) });
    }

  // The media tab counts the picture post and the video.
  await page.getByRole('tab', { name: /^Media/ }).click();
  await expect(page.getByRole('feed').getByRole('group', { name: '3 pictures' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('feed').locator('video')).toHaveCount(1);

  // The quoted event of a kind Swell does not know: the alt card with a link to open it elsewhere.
  await page.getByRole('tab', { name: /^Notes/ }).click();
  const card = page.getByRole('group', { name: 'An event of kind 31337 that Swell cannot show' });
  await expect(card).toContainText('A music track: "Hills", 3 minutes 12 seconds', {
    timeout: 30_000,
  });
  await expect(card.getByRole('link', { name: /^Open/ })).toHaveAttribute('href', /^https:\/\//);
  for (const theme of themes)
    for (const [size, width, height] of sizes) {
      await showAs(page, theme, width, height);
      await card.scrollIntoViewIfNeeded();
      await check(page, theme, size, testInfo.outputPath(`${theme}-${size}-unknown.png`));
    }
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
