import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { operatorHeaders } from './devnet-operator.ts';
import { relayEventsById } from './relay-client.ts';

// Signers that publish (NIP-07 extension, the devnet NIP-46 bunker), a relay that does not
// answer, drafts and emoji history. Against the real server and demo network.

const frank = demoAccounts.find((a) => a.name === 'frank')!;
const grace = demoAccounts.find((a) => a.name === 'grace')!;
const erin = demoAccounts.find((a) => a.name === 'erin')!;

const unique = (what: string) =>
  `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe.configure({ timeout: 150_000 });

async function compose(page: Page, text: string) {
  await page.getByRole('button', { name: 'New note' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.getByRole('combobox', { name: 'What is on your mind?' }).fill(text);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();
  const card = page
    .getByRole('feed', { name: 'Home' })
    .locator('article')
    .filter({ hasText: text });
  await expect(card).toBeVisible();
  return card;
}

test('a NIP-07 extension signs and publishes a note', async ({ page, baseURL }) => {
  const sk = hexToBytes(frank.secretKeyHex);
  await page.exposeFunction('__e2eSign', (template: Parameters<typeof finalizeEvent>[0]) =>
    finalizeEvent(template, sk),
  );
  await page.addInitScript((pubkey: string) => {
    const w = window as unknown as { nostr: unknown; __e2eSign: (t: unknown) => unknown };
    w.nostr = {
      getPublicKey: async () => pubkey,
      signEvent: (template: unknown) => w.__e2eSign(template),
    };
  }, frank.pubkey);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await expect(page.getByText('Signed in as Frank')).toBeVisible();
  const text = unique('Signed by my extension');
  const card = await compose(page, text);
  const id = (await card.getAttribute('data-note-id'))!;
  await expect(card.getByText('Sent')).toBeVisible({ timeout: 20_000 });
  const [event] = await relayEventsById(baseURL!, [id]);
  expect(event!.pubkey).toBe(frank.pubkey);
});

test('the devnet NIP-46 bunker signs a note; a dropped bunker shows the disconnected state', async ({
  page,
  request,
  baseURL,
}) => {
  const setOnline = async (online: boolean) => {
    const res = await request.post('/devnet/nip46/online', {
      data: { online },
      headers: operatorHeaders(),
    });
    expect(res.status()).toBe(200);
  };
  await setOnline(true);
  const { bunkerUrl } = (await (await request.get('/devnet/nip46')).json()) as {
    bunkerUrl: string;
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Remote signer (NIP-46)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remote signer (NIP-46)' });
  // The nostrconnect:// code for signer apps is there too.
  await expect(dialog.getByRole('img', { name: /nostrconnect/ })).toBeVisible();
  await dialog.getByLabel('Bunker address').fill('bunker://nonsense');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Not a valid bunker:// address');
  await dialog.getByLabel('Bunker address').fill(bunkerUrl);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Signed in as Erin')).toBeVisible({ timeout: 30_000 });

  const text = unique('Signed by the bunker');
  const card = await compose(page, text);
  const id = (await card.getAttribute('data-note-id'))!;
  await expect
    .poll(async () => (await relayEventsById(baseURL!, [id])).length, { timeout: 30_000 })
    .toBe(1);
  const [event] = await relayEventsById(baseURL!, [id]);
  expect(event!.pubkey).toBe(erin.pubkey);

  // The bunker stops answering: the next action says the signer is disconnected.
  await setOnline(false);
  try {
    await page.getByRole('button', { name: 'New note' }).first().click();
    const composer = page.getByRole('dialog', { name: 'New note' });
    await composer.getByRole('combobox').fill(unique('Never signed'));
    await composer.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByTestId('signer-disconnected')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('signer-disconnected')).toContainText('Signer disconnected');
  } finally {
    await setOnline(true);
  }
});

test('with no relay answering a note stays "sending", survives a reload, and is sent once the relay is back', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec: grace.nsec, pubkey: grace.pubkey },
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  // The browser's connections to the relay go nowhere while it is "down": the sockets open but
  // nothing ever answers (the server itself is untouched). Once it is back, those silent
  // sockets drop and new ones reach the real relay.
  let down = true;
  const silent: { close(): Promise<void> }[] = [];
  await page.routeWebSocket(/\/relay$/, (ws) => {
    if (down) silent.push(ws);
    else ws.connectToServer();
  });
  await page.goto('/home');
  await expect(page.getByText('Signed in as Grace')).toBeVisible();
  const text = unique('Waiting for a relay');
  const card = await compose(page, text);
  const id = (await card.getAttribute('data-note-id'))!;
  await expect(card.getByText('Sending…')).toBeVisible();
  // The toast (spec message) and the note's own state both say it.
  await expect(page.getByText('No relay confirmed after 8 s', { exact: true }).first()).toBeVisible(
    { timeout: 30_000 },
  );
  await expect(card.getByRole('status')).toContainText('No relay confirmed after 8 s');
  await expect(card.getByText('Sent')).toHaveCount(0);
  // Failed (Retry and Discard) or already retrying (Discard): never a dead end.
  await expect(card.getByRole('button', { name: 'Discard' })).toBeVisible();
  expect(await relayEventsById(baseURL!, [id])).toHaveLength(0);

  // Still pending after a reload.
  await page.reload();
  const again = page.locator(`article[data-note-id="${id}"]`).first();
  await expect(again).toBeVisible({ timeout: 20_000 });
  await expect(again.getByText(/Sending…|No relay confirmed after 8 s/).first()).toBeVisible();
  await expect(again.getByText('Sent')).toHaveCount(0);

  // The relay comes back: sent without any user action.
  down = false;
  for (const ws of silent.splice(0)) await ws.close();
  await expect
    .poll(async () => (await relayEventsById(baseURL!, [id])).length, { timeout: 90_000 })
    .toBe(1);
  await expect(page.locator(`article[data-note-id="${id}"]`).first().getByText('Sent')).toBeVisible(
    { timeout: 30_000 },
  );
});

test('a draft survives a reload; the emoji history keeps the most recent first', async ({
  page,
}) => {
  await page.addInitScript(
    ({ nsec, pubkey }) => {
      localStorage.setItem('sec', nsec);
      localStorage.setItem('pubkey', pubkey);
    },
    { nsec: grace.nsec, pubkey: grace.pubkey },
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await expect(page.getByText('Signed in as Grace')).toBeVisible();
  await page.getByRole('button', { name: 'New note' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'New note' });
  const editor = dialog.getByRole('combobox', { name: 'What is on your mind?' });
  const draft = unique('A draft about #sourdough');
  await editor.fill(draft);
  // The live preview renders it like a note (the hashtag is a link).
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(draft);
  await expect(dialog.getByText('#sourdough', { exact: true }).first()).toBeVisible();

  // Emoji: 🔥 then 🌊 then 🔥 again -> recent: 🔥, 🌊.
  for (const emoji of ['🔥', '🌊', '🔥']) {
    await dialog.getByRole('button', { name: 'Add emoji' }).click();
    await page.getByTestId('emoji-all').getByRole('button', { name: emoji }).click();
    await expect(page.getByTestId('emoji-all')).toBeHidden();
  }
  await expect(editor).toHaveValue(`${draft}🔥🌊🔥`);
  await dialog.getByRole('button', { name: 'Add emoji' }).click();
  await expect(page.getByTestId('emoji-recent').getByRole('button')).toHaveText(['🔥', '🌊']);
  await page.getByTestId('emoji-recent').getByRole('button', { name: '🌊' }).click();
  await expect(editor).toHaveValue(`${draft}🔥🌊🔥🌊`);

  await page.waitForTimeout(600); // drafts are written 300 ms after the last key
  await page.reload();
  await page.getByRole('button', { name: 'New note' }).first().click();
  dialog = page.getByRole('dialog', { name: 'New note' });
  await expect(dialog.getByRole('combobox', { name: 'What is on your mind?' })).toHaveValue(
    `${draft}🔥🌊🔥🌊`,
  );
  await dialog.getByRole('button', { name: 'Add emoji' }).click();
  await expect(page.getByTestId('emoji-recent').getByRole('button')).toHaveText(['🌊', '🔥']);
});
