import { expect, test } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { testServer } from '@swell/server/testing';
import { nip19 } from 'nostr-tools';
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { bytesToHex, hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { publish, query } from './relay-client.ts';

// Issue 16: a note only a second relay holds, quoted from a note the cache holds, renders from
// that relay (and reaches the cache); with that relay gone the missing-note placeholder shows.

const bob = demoAccounts.find((a) => a.name === 'bob')!;
// The quotes come from a key of this test alone and are dated a year back, so that no other
// test meets them (in a feed or on a profile) and their dead relay hint.
const quoter = bytesToHex(generateSecretKey());
const yearAgo = Math.floor(Date.now() / 1000) - 365 * 86400;

function note(secretHex: string, content: string, tags: string[][] = []) {
  return finalizeEvent({ kind: 1, created_at: yearAgo, tags, content }, hexToBytes(secretHex));
}

/** A note quoting `hidden` by nevent (with the second relay as hint), on the main relay. */
async function quoteOnMain(mainRelay: string, hidden: { id: string }, secondRelay: string) {
  const nevent = nip19.neventEncode({ id: hidden.id, relays: [secondRelay], author: bob.pubkey });
  const quote = note(quoter, `Look at this one nostr:${nevent}`, [
    ['q', hidden.id, secondRelay, bob.pubkey],
  ]);
  expect((await publish(mainRelay, quote))[2]).toBe(true);
  return quote;
}

test('a quoted note only a second relay holds renders from it; gone, the placeholder shows', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const mainRelay = `${baseURL!.replace(/^http/, 'ws')}/relay`;
  const second = await testServer();
  const secondRelay = second.wsUrl('/relay');
  try {
    const hidden = note(bob.secretKeyHex, `Only on the second relay ${Date.now()}`);
    // Bob's note only the second relay holds (dated back too, for the same reason).
    expect((await publish(secondRelay, hidden))[2]).toBe(true);
    // The main server (cache and relay) does not have it.
    expect(await query(mainRelay, { ids: [hidden.id] })).toEqual([]);
    const quote = await quoteOnMain(mainRelay, hidden, secondRelay);

    await page.goto(`/e/${nip19.noteEncode(quote.id)}`);
    const focused = page.locator('article[aria-current="true"]');
    await expect(focused).toHaveAttribute('data-note-id', quote.id);
    const card = focused.locator('a.mentioned-note');
    await expect(card).toContainText(hidden.content, { timeout: 30_000 });
    await expect(card).toContainText('Bob');
    // Handed to the cache (import_events): the main server has it now.
    await expect.poll(async () => (await query(mainRelay, { ids: [hidden.id] })).length).toBe(1);

    // A second hidden note, quoted the same way; then the second relay goes away.
    const gone = note(bob.secretKeyHex, `Never seen ${Date.now()}`);
    expect((await publish(secondRelay, gone))[2]).toBe(true);
    const quote2 = await quoteOnMain(mainRelay, gone, secondRelay);
    await second.close();

    await page.goto(`/e/${nip19.noteEncode(quote2.id)}`);
    const focused2 = page.locator('article[aria-current="true"]');
    await expect(focused2).toHaveAttribute('data-note-id', quote2.id);
    await expect(focused2.getByText('This note could not be found.')).toBeVisible({
      timeout: 45_000,
    });
    await expect(focused2.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(focused2.getByText(gone.content)).toHaveCount(0);
  } finally {
    await second.close().catch(() => undefined);
  }
  // The browser reports the failed connection to the closed relay; nothing else.
  expect(
    errors.filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/relay'/.test(e)),
  ).toEqual([]);
});
