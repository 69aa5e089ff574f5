import { expect, test, type Page } from '@playwright/test';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { nsecEncode } from 'nostr-tools/nip19';
import { publish } from './relay-client.ts';
import { chooseFeed } from './feed-select.ts';

// The Latest feed of a reader who follows two fresh authors (nothing else in the demo network
// touches them): one card per note, and new notes announced soon after they reach the server.

test.describe.configure({ timeout: 120_000 });

const now = () => Math.floor(Date.now() / 1000);

interface Network {
  relay: string;
  reader: Uint8Array;
  author: Uint8Array;
  sharer: Uint8Array;
}

async function network(baseURL: string, label: string): Promise<Network> {
  const relay = `${baseURL.replace(/^http/, 'ws')}/relay`;
  const [reader, author, sharer] = [generateSecretKey(), generateSecretKey(), generateSecretKey()];
  const send = async (
    sk: Uint8Array,
    kind: number,
    content: string,
    tags: string[][],
    at = now(),
  ) =>
    expect(
      (await publish(relay, finalizeEvent({ kind, created_at: at, tags, content }, sk)))[2],
    ).toBe(true);
  for (const [sk, name] of [
    [reader, `Reader ${label}`],
    [author, `Author ${label}`],
    [sharer, `Sharer ${label}`],
  ] as const)
    await send(sk, 0, JSON.stringify({ name }), []);
  await send(reader, 3, '', [
    ['p', getPublicKey(author)],
    ['p', getPublicKey(sharer)],
  ]);
  return { relay, reader, author, sharer };
}

async function openLatest(page: Page, n: Network): Promise<void> {
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec: nsecEncode(n.reader), pubkey: getPublicKey(n.reader) },
  );
  await page.goto('/home');
  await chooseFeed(page, 'Latest');
}

test('Latest shows one card per note: a repost and its original, in one page and across pages', async ({
  page,
  baseURL,
}) => {
  const n = await network(baseURL!, 'dup');
  const t0 = now() - 2000;
  // 22 notes: a page of 20 holds both reposts and the newest notes; the oldest is on page 2.
  const notes = [];
  for (let i = 0; i < 22; i++) {
    const e = finalizeEvent(
      { kind: 1, created_at: t0 + i * 10, tags: [], content: `Note ${i} of the author` },
      n.author,
    );
    expect((await publish(n.relay, e))[2]).toBe(true);
    notes.push(e);
  }
  // The oldest note, reposted now: the repost opens page 1, the note itself is on page 2. A
  // middle note reposted with a clock a second behind: the two are neighbours on page 1.
  const [oldest, middle] = [notes[0]!, notes[15]!];
  for (const [original, at] of [
    [oldest, now() - 5],
    [middle, middle.created_at - 1],
  ] as const) {
    const repost = finalizeEvent(
      {
        kind: 6,
        created_at: at,
        tags: [
          ['e', original.id],
          ['p', original.pubkey],
        ],
        content: JSON.stringify(original),
      },
      n.sharer,
    );
    expect((await publish(n.relay, repost))[2]).toBe(true);
  }
  // Tall enough for every card to render, so both pages load without scrolling.
  await page.setViewportSize({ width: 1280, height: 6000 });
  await openLatest(page, n);
  const feed = page.getByRole('feed', { name: 'Home' });
  await expect(page.getByText('You have reached the end.')).toBeVisible({ timeout: 30_000 });
  for (const note of notes)
    await expect(feed.locator(`article[data-note-id="${note.id}"]`)).toHaveCount(1);
  await expect(feed.locator('article')).toHaveCount(22);
  // The first card of a note stays: the repost on top names who reposted.
  await expect(feed.locator('article').first()).toContainText('Sharer dup reposted');
  await expect(feed.locator('article').first()).toContainText('Note 0 of the author');
});

test('a new note of a follow is announced within seconds of reaching the server', async ({
  page,
  baseURL,
}) => {
  const n = await network(baseURL!, 'live');
  const note = (content: string) =>
    finalizeEvent({ kind: 1, created_at: now(), tags: [], content }, n.author);
  expect((await publish(n.relay, note('Already there')))[2]).toBe(true);
  // The app watches the follows on the server's relay: wait for its subscription, not a time.
  let watching = false;
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/relay')) return;
    ws.on('framesent', (f) => {
      if (String(f.payload).startsWith('["REQ","live-')) watching = true;
    });
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLatest(page, n);
  const feed = page.getByRole('feed', { name: 'Home' });
  await expect(feed.locator('article').first()).toContainText('Already there', {
    timeout: 30_000,
  });
  await expect.poll(() => watching, { timeout: 30_000 }).toBe(true);
  expect((await publish(n.relay, note('Just posted')))[2]).toBe(true);
  const pill = page.getByRole('button', { name: '1 new note' });
  await expect(pill).toBeVisible({ timeout: 8_000 });
  await pill.click();
  await expect(feed.locator('article').first()).toContainText('Just posted');
});
