import { createHash } from 'node:crypto';
import {
  mkdtempSync,
  readFileSync,
  writeFileSync,
  openSync,
  ftruncateSync,
  closeSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { npubEncode, nsecEncode } from 'nostr-tools/nip19';
import { watchConsole } from './console-guard.ts';
import { publish, query, relayEventsById } from './relay-client.ts';

// Uploads in a real browser against the real server: the composer's attachments (XHR progress,
// the browser's image decoder for size and blurhash), cancel, the size limit before any byte,
// and the notes that show the files in reserved boxes. Each test signs in with a new key, so no
// demo account's state changes.

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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

/** The files the server holds for a user (Blossom BUD-02 list, with the owner's 24242 token). */
async function blossomList(baseURL: string, account: Account): Promise<{ sha256: string }[]> {
  const now = Math.floor(Date.now() / 1000);
  const token = finalizeEvent(
    {
      kind: 24242,
      created_at: now,
      content: 'List Blobs',
      tags: [
        ['t', 'list'],
        ['expiration', String(now + 300)],
      ],
    },
    account.sk,
  );
  const res = await fetch(`${baseURL}/list/${account.pubkey}`, {
    headers: {
      authorization: `Nostr ${Buffer.from(JSON.stringify(token)).toString('base64')}`,
    },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { sha256: string }[];
}

/** The URL of a loopback port nobody listens on. */
async function freePortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Slows the page's uploads down (Chromium's network emulation), so progress can be seen. */
async function throttle(page: Page, bytesPerSecond: number | null): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
  return cdp;
}

async function openComposer(page: Page) {
  await page.getByRole('button', { name: 'New note' }).first().click();
  return page.getByRole('dialog', { name: 'New note' });
}

/**
 * Two pictures (1200x800, 600x900) and a video (320x180) in boxes of their shape, although none
 * of them loaded. `exact`: the spec's box sizes (538 px wide at most, 680 px high at most).
 */
async function expectReservedBoxes(scope: Locator, { exact = false } = {}) {
  const images = scope.locator('.note-image img');
  await expect(images).toHaveCount(2);
  const ratio = (b: { width: number; height: number }) => b.width / b.height;
  const landscape = (await images.nth(0).boundingBox())!;
  const portrait = (await images.nth(1).boundingBox())!;
  const video = (await scope.locator('video').boundingBox())!;
  expect(ratio(landscape)).toBeCloseTo(1.5, 1);
  expect(ratio(portrait)).toBeCloseTo(2 / 3, 1);
  expect(ratio(video)).toBeCloseTo(16 / 9, 1);
  for (const b of [landscape, portrait, video]) expect(b.height).toBeGreaterThan(100);
  for (const img of [images.nth(0), images.nth(1)])
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(0);
  if (exact) {
    await expect(images.nth(0)).toHaveAttribute('width', '538');
    await expect(images.nth(0)).toHaveAttribute('height', '359');
    await expect(images.nth(1)).toHaveAttribute('width', '453');
    await expect(images.nth(1)).toHaveAttribute('height', '680');
  }
}

test.describe.configure({ timeout: 180_000 });

test('attach two images and a video: progress, post, the note shows them in reserved boxes', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = newAccount();
  await signIn(page, me);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  const dialog = await openComposer(page);
  const text = `Three files from the e2e ${Date.now().toString(36)}`;
  await dialog.getByRole('combobox', { name: 'What is on your mind?' }).fill(text);

  // The uploaded files are never loaded by the page: every box must come from what the note
  // says of them (imeta) or the server's media info, not from the loaded pictures.
  await page.route(/\/[0-9a-f]{64}\.(png|jpg|webm)$/, () => {});
  const cdp = await throttle(page, 12 * 1024);
  await dialog
    .getByLabel('Images or video to attach')
    .setInputFiles([fixture('landscape.png'), fixture('portrait.jpg'), fixture('clip.webm')]);
  const tiles = dialog.getByTestId('attachment');
  await expect(tiles).toHaveCount(3);
  // Progress: a bar per file with bytes sent of the total; the note cannot go out meanwhile.
  await expect(dialog.getByRole('progressbar').first()).toBeVisible();
  await expect(
    dialog
      .getByTestId('attachment-status')
      .filter({ hasText: / of \d/ })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Waiting for uploads to finish')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  await expect(dialog.getByRole('img', { name: 'Attached image landscape.png' })).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  for (const name of ['landscape.png', 'portrait.jpg', 'clip.webm'])
    await expect(dialog.getByRole('listitem', { name })).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
  // The preview shows the note as it will be: its boxes come from the imeta tags alone.
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expectReservedBoxes(preview, { exact: true });
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();

  const card = page
    .getByRole('feed', { name: 'Home' })
    .locator('article')
    .filter({ hasText: text });
  await expect(card).toBeVisible();
  const id = (await card.first().getAttribute('data-note-id'))!;
  await expect
    .poll(async () => (await relayEventsById(baseURL!, [id])).length, { timeout: 30_000 })
    .toBe(1);
  const [event] = await relayEventsById(baseURL!, [id]);
  const imeta = event!.tags.filter((t) => t[0] === 'imeta');
  expect(imeta).toHaveLength(3);
  const field = (tag: string[], name: string) =>
    tag.find((p) => p.startsWith(`${name} `))?.slice(name.length + 1);
  const expected = [
    { file: 'landscape.png', mime: 'image/png', dim: '1200x800', blurhash: true },
    { file: 'portrait.jpg', mime: 'image/jpeg', dim: '600x900', blurhash: true },
    { file: 'clip.webm', mime: 'video/webm', dim: '320x180', blurhash: false },
  ];
  for (const [i, want] of expected.entries()) {
    const tag = imeta[i]!;
    const url = field(tag, 'url')!;
    expect(event!.content).toContain(url);
    expect(field(tag, 'm')).toBe(want.mime);
    expect(field(tag, 'x')).toBe(sha256(readFileSync(fixture(want.file))));
    expect(field(tag, 'dim')).toBe(want.dim);
    expect(field(tag, 'blurhash') !== undefined).toBe(want.blurhash);
    // The file is served where the URL says, byte for byte.
    const served = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(sha256(served)).toBe(field(tag, 'x'));
  }
  expect(event!.content.startsWith(text)).toBe(true);

  // The note's page: the boxes are reserved (from the imeta tags or the server's media info).
  await page.route(/\/media-cache/, () => {});
  await page.goto(`/e/${id}`);
  await expectReservedBoxes(page.locator(`article[data-note-id="${id}"]`).first());
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('an upload can be cancelled, retried or removed; nothing is stored after a cancel', async ({
  page,
  baseURL,
}) => {
  const me = newAccount();
  await signIn(page, me);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  const dialog = await openComposer(page);
  await dialog.getByRole('combobox', { name: 'What is on your mind?' }).fill('Keep this text');
  // A picture of 3 MB (a PNG's bytes followed by padding: the type is read from the start).
  const dir = mkdtempSync(join(tmpdir(), 'swell-uploads-'));
  const big = join(dir, 'big-picture.png');
  writeFileSync(
    big,
    Buffer.concat([readFileSync(fixture('landscape.png')), Buffer.alloc(3 << 20, 7)]),
  );
  const cdp = await throttle(page, 32 * 1024);
  await dialog.getByLabel('Images or video to attach').setInputFiles(big);
  const tile = dialog.getByRole('listitem', { name: 'big-picture.png' });
  await expect(tile).toHaveAttribute('data-status', 'uploading', { timeout: 30_000 });
  await expect(tile.getByTestId('attachment-status')).toContainText(/left/, { timeout: 30_000 });
  await tile.getByRole('button', { name: 'Cancel upload of big-picture.png' }).click();
  await expect(tile).toHaveAttribute('data-status', 'cancelled');
  await expect(tile.getByText('Cancelled')).toBeVisible();
  await expect(dialog.getByText('An upload failed: retry it or remove the file')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  expect(await blossomList(baseURL!, me)).toEqual([]);

  // Retry starts it again; removing it cancels it and takes it off the note.
  await tile.getByRole('button', { name: 'Retry upload of big-picture.png' }).click();
  await expect(tile).toHaveAttribute('data-status', 'uploading', { timeout: 30_000 });
  await tile.getByRole('button', { name: 'Cancel upload of big-picture.png' }).click();
  await tile.getByRole('button', { name: 'Remove big-picture.png' }).click();
  await expect(dialog.getByTestId('attachment')).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'What is on your mind?' })).toHaveValue(
    'Keep this text',
  );
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
  expect(await blossomList(baseURL!, me)).toEqual([]);

  // A finished upload stays with the draft: after a reload the text and the file are there.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await dialog.getByLabel('Images or video to attach').setInputFiles(fixture('portrait.jpg'));
  await expect(dialog.getByRole('listitem', { name: 'portrait.jpg' })).toHaveAttribute(
    'data-status',
    'done',
    { timeout: 60_000 },
  );
  await page.waitForTimeout(500); // the draft's text is saved after a short pause
  await page.reload();
  const again = await openComposer(page);
  await expect(again.getByRole('combobox', { name: 'What is on your mind?' })).toHaveValue(
    'Keep this text',
  );
  await expect(again.getByRole('listitem', { name: 'portrait.jpg' })).toHaveAttribute(
    'data-status',
    'done',
  );
  await again.getByRole('button', { name: 'Post' }).click();
  await expect(again).toBeHidden();
  const card = page.getByRole('feed', { name: 'Home' }).locator('article').filter({
    hasText: 'Keep this text',
  });
  const id = (await card.first().getAttribute('data-note-id'))!;
  await expect
    .poll(async () => (await relayEventsById(baseURL!, [id])).length, { timeout: 30_000 })
    .toBe(1);
  const [event] = await relayEventsById(baseURL!, [id]);
  const hash = sha256(readFileSync(fixture('portrait.jpg')));
  expect(event!.content).toMatch(new RegExp(`^Keep this text\n\\S+/${hash}\\.jpg$`));
  expect(event!.tags.filter((t) => t[0] === 'imeta')).toEqual([
    expect.arrayContaining([expect.stringMatching(`/${hash}\\.jpg$`), 'dim 600x900']),
  ]);
  expect((await blossomList(baseURL!, me)).map((b) => b.sha256)).toEqual([hash]);
  // Posted: the next note starts without it.
  const next = await openComposer(page);
  await expect(next.getByTestId('attachment')).toHaveCount(0);
});

test('a 150 MB file is refused for a regular user before any byte is sent; dropped and pasted pictures attach', async ({
  page,
  baseURL,
}) => {
  const me = newAccount();
  // The user's Blossom list (kind 10063): first a server that cannot be reached, then ours.
  const down = await freePortUrl();
  const servers = finalizeEvent(
    {
      kind: 10063,
      created_at: Math.floor(Date.now() / 1000),
      tags: [
        ['server', down],
        ['server', baseURL!],
      ],
      content: '',
    },
    me.sk,
  );
  expect((await publish(`${baseURL!.replace(/^http/, 'ws')}/relay`, servers))[2]).toBe(true);
  await signIn(page, me);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  const sent: string[] = [];
  const uploadsTo: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() !== 'GET' || /^\/(upload|[0-9a-f]{64})/.test(url.pathname))
      sent.push(`${r.method()} ${url.pathname}`);
    if (url.pathname === '/upload') uploadsTo.push(`${r.method()} ${url.origin}`);
  });
  const dialog = await openComposer(page);
  // 150 MB (sparse: the browser reads only the size before refusing it).
  const dir = mkdtempSync(join(tmpdir(), 'swell-uploads-'));
  const huge = join(dir, 'huge-video.mp4');
  const fd = openSync(huge, 'w');
  ftruncateSync(fd, 150 * 1024 * 1024);
  closeSync(fd);
  await dialog.getByLabel('Images or video to attach').setInputFiles(huge);
  await expect(
    page.getByText('File too big. Upload limit is 100MB.', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByTestId('attachment')).toHaveCount(0);
  expect(sent).toEqual([]);
  expect(await blossomList(baseURL!, me)).toEqual([]);

  // A file that is not a picture or video is refused whatever its name.
  await dialog.getByLabel('Images or video to attach').setInputFiles({
    name: 'not-a-picture.png',
    mimeType: 'image/png',
    buffer: Buffer.from('#!/bin/sh\necho hello\n'),
  });
  await expect(
    page.getByText('Only images and videos can be uploaded.', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByTestId('attachment')).toHaveCount(0);
  expect(sent).toEqual([]);
  // Dropping a picture on the composer and pasting one into the text attach them too.
  const files = await page.evaluateHandle(
    ([png, jpg]) => {
      const drop = new DataTransfer();
      drop.items.add(new File([new Uint8Array(png!)], 'dropped.png', { type: 'image/png' }));
      const paste = new DataTransfer();
      paste.items.add(new File([new Uint8Array(jpg!)], 'pasted.jpg', { type: 'image/jpeg' }));
      return { drop, paste };
    },
    [[...readFileSync(fixture('landscape.png'))], [...readFileSync(fixture('portrait.jpg'))]],
  );
  const field = dialog.getByRole('combobox', { name: 'What is on your mind?' });
  await dialog.getByTestId('composer').dispatchEvent('drop', {
    dataTransfer: await files.evaluateHandle((f) => f.drop),
  });
  await field.evaluate((el, f) => {
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: f.paste, bubbles: true, cancelable: true }),
    );
  }, files);
  for (const name of ['dropped.png', 'pasted.jpg'])
    await expect(dialog.getByRole('listitem', { name })).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
  await expect(field).toHaveValue('');
  // Each went to the first server of the list, failed there and fell back to ours.
  expect(uploadsTo.filter((o) => o === `HEAD ${down}`).length).toBeGreaterThanOrEqual(2);
  expect(uploadsTo.filter((o) => o === `PUT ${baseURL}`)).toHaveLength(2);
  expect((await blossomList(baseURL!, me)).length).toBe(2);

  // Chosen in Settings > Network: the caching service's chunked upload (over the socket), no
  // Blossom request; the server holds the file for the user all the same.
  await page.keyboard.press('Escape');
  await page.goto('/settings/network');
  await page.getByRole('radio', { name: /The caching service/ }).check();
  await page.goto('/home');
  sent.length = 0;
  const viaCache = await openComposer(page);
  await viaCache.getByLabel('Images or video to attach').setInputFiles(fixture('clip.webm'));
  await expect(viaCache.getByRole('listitem', { name: 'clip.webm' })).toHaveAttribute(
    'data-status',
    'done',
    { timeout: 60_000 },
  );
  expect(sent.filter((r) => !r.startsWith('GET '))).toEqual([]);
  const clipSha = sha256(readFileSync(fixture('clip.webm')));
  expect((await blossomList(baseURL!, me)).map((d) => d.sha256)).toContain(clipSha);
});

test('settings/profile: a new avatar is uploaded, previewed, published and shown on the profile', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const me = newAccount();
  // An existing profile with a field Swell does not edit: it must survive the edit.
  const relay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  const before = finalizeEvent(
    {
      kind: 0,
      created_at: Math.floor(Date.now() / 1000) - 60,
      tags: [],
      content: JSON.stringify({ name: 'uploader', about: 'Before', pronouns: 'they/them' }),
    },
    me.sk,
  );
  expect((await publish(relay, before))[2]).toBe(true);
  await signIn(page, me);
  await page.setViewportSize({ width: 1280, height: 900 });
  const npub = npubEncode(me.pubkey);
  await page.goto(`/p/${npub}`);
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('uploader');
  await page.getByLabel('Display name').fill('Upload Tester');

  await page.getByLabel('Profile picture file').setInputFiles(fixture('portrait.jpg'));
  const hash = sha256(readFileSync(fixture('portrait.jpg')));
  const preview = page.getByTestId('picture-preview').locator('img').first();
  await expect(preview).toHaveAttribute('src', new RegExp(`/${hash}\\.jpg$`), { timeout: 60_000 });
  await expect(page.getByLabel('Picture URL')).toHaveValue(new RegExp(`${hash}\\.jpg$`));
  // A banner too, then removed again: nothing is lost by changing one's mind.
  await page.getByLabel('Banner file').setInputFiles(fixture('landscape.png'));
  await expect(page.getByTestId('banner-preview').locator('img')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Remove banner' }).click();
  await expect(page.getByTestId('banner-preview').locator('img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${npub}$`));
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upload Tester' })).toBeVisible();
  const avatar = page.locator('.profile-avatar img').first();
  await expect(avatar).toHaveAttribute('src', new RegExp(`/${hash}\\.jpg$`));
  await expect.poll(() => avatar.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(600);

  // What went out: the latest kind 0 keeps the other client's field.
  const [latest] = (await query(relay, { kinds: [0], authors: [me.pubkey] })).sort(
    (a, b) => b.created_at - a.created_at,
  );
  const content = JSON.parse(latest!.content) as Record<string, string>;
  expect(content.picture).toMatch(new RegExp(`/${hash}\\.jpg$`));
  expect(content.display_name).toBe('Upload Tester');
  expect(content.pronouns).toBe('they/them');
  expect(content.about).toBe('Before');
  expect(content.banner).toBeUndefined();
  // After a reload the profile page still shows it (from the server, not this tab's memory).
  await page.reload();
  await expect(page.locator('.profile-avatar img').first()).toHaveAttribute(
    'src',
    new RegExp(`/${hash}\\.jpg$`),
  );
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
