import { expect, test } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { noteEncode } from 'nostr-tools/nip19';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { publish } from './relay-client.ts';

// "Delete" promises the note is hidden here at once: before any relay accepted the deletion
// (here none ever does), in the open thread and everywhere else it shows.

const heidi = demoAccounts.find((a) => a.name === 'heidi')!;

test.describe.configure({ timeout: 120_000 });

test('a deleted note leaves its open thread and the profile at once, before any relay accepted the deletion', async ({
  page,
  baseURL,
}) => {
  const text = `Soon deleted ${Date.now().toString(36)}`;
  const note = finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: text },
    hexToBytes(heidi.secretKeyHex),
  );
  expect((await publish(`${baseURL!.replace(/^http/, 'ws')}/relay`, note))[2]).toBe(true);
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec: heidi.nsec, pubkey: heidi.pubkey },
  );
  // The relay never answers this browser: the deletion stays pending.
  await page.routeWebSocket(/\/relay$/, () => {});
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/e/${noteEncode(note.id)}`);
  const focused = page.locator(`article[data-note-id="${note.id}"]`);
  await expect(focused).toContainText(text, { timeout: 30_000 });
  await focused.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete note' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this note?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(focused).toHaveCount(0);
  await expect(page.getByText('This note was deleted.')).toBeVisible();

  // The profile's notes (asked from the cache, which still has it) leave it out too.
  await page.goto(`/p/${heidi.npub}`);
  const notes = page.getByRole('feed').first();
  await expect(notes.locator('article').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(text)).toHaveCount(0);
});
