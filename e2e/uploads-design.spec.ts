import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { nsecEncode } from 'nostr-tools/nip19';
import { watchConsole } from './console-guard.ts';
import { signInWithKey } from './settings-helpers.ts';
import { themedAxe } from './theme-matrix.ts';
import { screenshot } from './screenshots.ts';

// The upload screens at phone and desktop sizes, light (Sunrise) and dark (Midnight): the
// composer with uploads in progress and done, and Settings > Edit profile. Nothing overflows
// sideways, axe finds no violations; screenshots go to the test output folder to be looked at.

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const themes = ['sunrise', 'midnight'] as const;
const sizes = [
  ['phone', 390, 844],
  ['desktop', 1280, 800],
] as const;

async function check(page: Page, where: string, path: string, skipRules: string[] = []) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', where.split(' ')[0]!);
  await page.evaluate(() => document.fonts.ready);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${where}: scrollWidth ${widths.scroll}`).toBeLessThanOrEqual(widths.inner);
  const [theme = '', size = ''] = where.split(' ');
  const axe = await themedAxe(new AxeBuilder({ page }), theme, size)
    .disableRules(skipRules)
    .analyze();
  expect(
    axe.violations.map(
      (v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
  await screenshot(page, { path, fullPage: true });
}

/** Limits the page's upload speed (Chromium's network emulation); null: no limit. */
async function uploadSpeed(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return (bytesPerSecond: number | null) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond ?? -1,
    });
}

type View = readonly [theme: (typeof themes)[number], size: string, width: number, height: number];
const views: View[] = themes.flatMap((theme) =>
  sizes.map(([size, width, height]) => [theme, size, width, height] as const),
);

/**
 * Shows the page in a theme at a size, as the app's theme switch does (`data-theme` and the
 * colour scheme on <html>), and waits for the colour transitions to end before anything is
 * measured or captured.
 */
async function showAs(page: Page, [theme, , width, height]: View) {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    ({ theme, dark }) => {
      const root = document.documentElement;
      root.setAttribute('data-theme', theme);
      root.style.colorScheme = dark ? 'dark' : 'light';
      localStorage.setItem('swell.theme', theme);
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

// One throttled upload and one profile edit, each captured in both themes at both widths by
// switching theme and viewport on the same page (repeating the upload per view took 4x longer).
test('composer uploads and Edit profile in Sunrise and Midnight at 390 and 1280 px, axe-clean', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const sk = generateSecretKey();
  await signInWithKey(page, { nsec: nsecEncode(sk), pubkey: getPublicKey(sk) });
  const shot = ([theme, size]: View, name: string) =>
    testInfo.outputPath(`${theme}-${size}-${name}.png`);
  const where = ([theme, size]: View, state: string) => `${theme} ${size} ${state}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'New note' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog
    .getByRole('combobox', { name: 'What is on your mind?' })
    .fill('Sunday walk: the ridge, the lake and a short clip #hiking');
  // 84 KB at 2 KB/s: Chromium hands the first 16 KB of each file over at once, the next bytes
  // at the throttled speed, so the files stay part-sent for about 25 s; the time left shows
  // once the second part of the largest file is through.
  const setSpeed = await uploadSpeed(page);
  await setSpeed(2 * 1024);
  await dialog
    .getByLabel('Images or video to attach')
    .setInputFiles([fixture('landscape.png'), fixture('portrait.jpg'), fixture('clip.webm')]);
  await expect(dialog.getByRole('progressbar')).toHaveCount(3);
  const landscape = dialog.getByRole('listitem', { name: 'landscape.png' });
  await expect(landscape.getByTestId('attachment-status')).toContainText(' of 41.6 KB');
  // The composer's text field is a textarea with the combobox role (its mention list, from
  // the write work), which axe's aria-allowed-role rule does not accept on a textarea.
  const composerRules = ['aria-allowed-role'];
  for (const view of views) {
    await showAs(page, view);
    await expect(landscape).toHaveAttribute('data-status', 'uploading');
    await check(page, where(view, 'uploading'), shot(view, 'composer-uploading'), composerRules);
  }
  const timeLeft = dialog.getByTestId('attachment-status').filter({ hasText: /left/ }).first();
  await expect(timeLeft).toBeVisible({ timeout: 60_000 });
  const last = views.at(-1)!;
  await check(page, where(last, 'time left'), shot(last, 'composer-time-left'), composerRules);
  await setSpeed(null);
  await expect(dialog.locator('[data-status="done"]')).toHaveCount(3, { timeout: 60_000 });
  await expect(dialog.getByRole('region', { name: 'Preview' }).locator('img')).toHaveCount(2);
  for (const view of views) {
    await showAs(page, view);
    await check(page, where(view, 'uploaded'), shot(view, 'composer-uploaded'), composerRules);
  }
  await page.keyboard.press('Escape');

  await page.goto('/settings/profile');
  await page.getByLabel('Display name').fill('Heidi on the ridge');
  await page.getByLabel('Username').fill('ridge_walker');
  await page
    .getByLabel('About')
    .fill('Film photographer and hiker. Based in the mountains, posting from the trail.');
  await page.getByLabel('Profile picture file').setInputFiles(fixture('portrait.jpg'));
  await page.getByLabel('Banner file').setInputFiles(fixture('landscape.png'));
  await expect(page.getByTestId('banner-preview').locator('img')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('picture-preview').locator('img').first()).toHaveAttribute(
    'src',
    /\/[0-9a-f]{64}\.jpg$/,
    { timeout: 60_000 },
  );
  for (const view of views) {
    await showAs(page, view);
    await check(page, where(view, 'profile'), shot(view, 'settings-profile'));
  }
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
