import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { encrypt as nip04Encrypt } from 'nostr-tools/nip04';
import { noteEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { publish, query, relayEventsById } from './relay-client.ts';

// Issue 34, done when: several accounts on one device against the real server and the demo
// network. Alice signs in with her nsec and a PIN, bob is added with his nsec, erin with the
// devnet's NIP-46 bunker; each posts, and the relay holds each note under its author. Bob likes
// while alice's outbox holds a note no relay took; back on alice, her note goes out under her
// key (and bob's like under his). Each account sees only its own messages, notifications and
// wallet; a reload opens the last account; removing bob leaves nothing of his in storage.

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;
const erin = demoAccounts.find((a) => a.name === 'erin')!;

test.describe.configure({ timeout: 420_000 });

const unique = (what: string) =>
  `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const relayOf = (baseURL: string) => `${baseURL.replace(/^http/, 'ws')}/relay`;

async function openAccounts(page: Page) {
  await page.locator('.account-card').getByRole('button', { name: 'Accounts' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The sign-in dialog opened from the avatar menu's Add account. */
async function addAccount(page: Page) {
  await (await openAccounts(page)).getByRole('menuitem', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function switchTo(page: Page, who: typeof alice, pin?: string) {
  const menu = await openAccounts(page);
  await menu.getByRole('menuitem', { name: new RegExp(`^Switch to ${who.displayName}`) }).click();
  if (pin) {
    const prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
    await prompt.getByLabel('PIN', { exact: true }).fill(pin);
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt).toHaveCount(0);
  }
  await expect(page.getByText(`Signed in as ${who.displayName}`)).toBeVisible();
}

/**
 * Goes to `path` inside the app (no page load: a load would ask alice's PIN again, as it
 * should), through the router's popstate.
 */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Posts from the composer; the note's id. */
async function post(page: Page, text: string): Promise<string> {
  await visit(page, '/home');
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
  return (await card.getAttribute('data-note-id'))!;
}

async function authorOnRelay(baseURL: string, id: string): Promise<string | undefined> {
  return (await relayEventsById(baseURL, [id]))[0]?.pubkey;
}

test('alice (nsec + PIN), bob (nsec) and erin (bunker) on one device', async ({
  page,
  request,
  baseURL,
}) => {
  const errors = watchConsole(page);
  // The relay can be made to go silent (sockets open, nothing answers) for the outbox part.
  let down = false;
  const live: WebSocketRoute[] = [];
  const silent: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/relay$/, (ws) => {
    if (down) silent.push(ws);
    else {
      ws.connectToServer();
      live.push(ws);
    }
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Alice: nsec and a PIN.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(alice.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByLabel('Repeat PIN').fill('2468');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText(`Signed in as ${alice.displayName}`)).toBeVisible();

  // Bob: his nsec, no PIN.
  dialog = await addAccount(page);
  await dialog.getByLabel('Private key (nsec)').fill(bob.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Create a PIN' })
    .getByRole('button', { name: 'Skip' })
    .click();
  await expect(page.getByText(`Signed in as ${bob.displayName}`)).toBeVisible();

  // Erin: the devnet's bunker.
  const { bunkerUrl } = (await (await request.get('/devnet/nip46')).json()) as {
    bunkerUrl: string;
  };
  dialog = await addAccount(page);
  await dialog.getByRole('button', { name: 'Remote signer (NIP-46)' }).click();
  dialog = page.getByRole('dialog', { name: 'Remote signer (NIP-46)' });
  await dialog.getByLabel('Bunker address').fill(bunkerUrl);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(`Signed in as ${erin.displayName}`)).toBeVisible({
    timeout: 60_000,
  });

  // Each posts; the relay holds each note under its author.
  const byErin = await post(page, unique('Posted as erin'));
  await switchTo(page, bob);
  const byBob = await post(page, unique('Posted as bob'));
  await switchTo(page, alice, '2468');
  const byAlice = await post(page, unique('Posted as alice'));
  for (const [id, who] of [
    [byErin, erin],
    [byBob, bob],
    [byAlice, alice],
  ] as const) {
    await expect.poll(() => authorOnRelay(baseURL!, id), { timeout: 60_000 }).toBe(who.pubkey);
  }

  // The relay goes silent: alice's next note waits in the outbox.
  down = true;
  for (const ws of live.splice(0)) await ws.close();
  const waiting = await post(page, unique('Waiting in alice outbox'));
  await expect(
    page.locator(`article[data-note-id="${waiting}"]`).first().getByText('Sending…'),
  ).toBeVisible();
  // Bob likes alice's first note meanwhile.
  await switchTo(page, bob);
  await visit(page, `/e/${noteEncode(byAlice)}`);
  const main = page.locator(`article[data-note-id="${byAlice}"]`).first();
  await main.getByRole('button', { name: /^Like/ }).click();
  await expect(main.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
  expect(await relayEventsById(baseURL!, [waiting])).toEqual([]);
  // Back on alice, the relay answers again: her note is sent under her key, bob's like his.
  await switchTo(page, alice, '2468');
  down = false;
  for (const ws of silent.splice(0)) await ws.close();
  await expect.poll(() => authorOnRelay(baseURL!, waiting), { timeout: 90_000 }).toBe(alice.pubkey);
  await expect
    .poll(
      async () =>
        (await query(relayOf(baseURL!), { kinds: [7], authors: [bob.pubkey], '#e': [byAlice] }))
          .length,
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);

  // A stranger writes to alice and to bob, and likes alice's note.
  const strangerSk = generateSecretKey();
  const toAlice = unique('for alice only');
  const toBob = unique('for bob only');
  const now = Math.floor(Date.now() / 1000);
  for (const [to, text] of [
    [alice.pubkey, toAlice],
    [bob.pubkey, toBob],
  ] as const) {
    const dm = finalizeEvent(
      { kind: 4, created_at: now, tags: [['p', to]], content: nip04Encrypt(strangerSk, to, text) },
      strangerSk,
    );
    expect((await publish(relayOf(baseURL!), dm))[2]).toBe(true);
  }
  const like = finalizeEvent(
    {
      kind: 7,
      created_at: now,
      tags: [
        ['e', byAlice],
        ['p', alice.pubkey],
      ],
      content: '+',
    },
    strangerSk,
  );
  expect((await publish(relayOf(baseURL!), like))[2]).toBe(true);

  // Alice's messages and notifications are hers; the switcher shows bob's unread count.
  await visit(page, '/dms');
  await page.getByRole('tab', { name: /Other/ }).click();
  await expect(page.locator('.dm-contact', { hasText: toAlice })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.dm-contact', { hasText: toBob })).toHaveCount(0);
  await visit(page, '/notifications');
  await expect(
    page
      .locator('main')
      .getByText(/Posted as alice/)
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  const menu = await openAccounts(page);
  await expect(
    menu.getByRole('menuitem', { name: new RegExp(`^Switch to ${bob.displayName}`) }),
  ).toContainText(/\d+\+? unread/, { timeout: 30_000 });
  await page.keyboard.press('Escape');

  // Alice makes an ecash wallet.
  await visit(page, '/wallet');
  await expect(page.getByRole('heading', { name: 'Set up your ecash wallet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create a wallet' }).click();
  const backup = page.getByRole('dialog', { name: 'Write down your recovery phrase' });
  await backup.getByLabel('I have written down my recovery phrase').check();
  await backup.getByRole('button', { name: 'Continue to the wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats');

  // Bob's are his: the stranger's message to him, none of alice's notifications, no wallet.
  await switchTo(page, bob);
  await visit(page, '/dms');
  await page.getByRole('tab', { name: /Other/ }).click();
  await expect(page.locator('.dm-contact', { hasText: toBob })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.dm-contact', { hasText: toAlice })).toHaveCount(0);
  await visit(page, '/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.locator('main article, main li').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main').getByText(/Posted as alice/)).toHaveCount(0);
  await visit(page, '/wallet');
  await expect(page.getByRole('heading', { name: 'Set up your ecash wallet' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveCount(0);

  // A reload opens the last used account.
  await page.reload();
  await expect(page.getByText(`Signed in as ${bob.displayName}`)).toBeVisible();

  // Removing bob: nothing of his stays in localStorage or IndexedDB.
  await visit(page, '/settings/account');
  const accounts = page.getByRole('region', { name: 'Accounts on this device' });
  await expect(accounts.getByRole('listitem')).toHaveCount(3);
  await accounts.getByRole('button', { name: `Remove ${bob.displayName}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${bob.displayName} from this device?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  // The most recently used other account opens: alice, with her PIN.
  const prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
  await prompt.getByLabel('PIN', { exact: true }).fill('2468');
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(`Signed in as ${alice.displayName}`)).toBeVisible();
  await expect(accounts.getByRole('listitem')).toHaveCount(2);
  const stored = await page.evaluate(
    async ([pubkey, nsec]) => {
      const local: string[] = [];
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        const value = localStorage.getItem(key) ?? '';
        if (key.includes(pubkey!) || value.includes(nsec!)) local.push(key);
      }
      const accounts = localStorage.getItem('accounts') ?? '';
      const databases = (await indexedDB.databases()).map((d) => d.name ?? '');
      const outbox = await new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('swell-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('events').objectStore('events').getAll();
          all.onsuccess = () => {
            resolve(all.result as unknown[]);
            db.close();
          };
        };
      });
      return {
        local,
        inAccounts: accounts.includes(pubkey!),
        databases: databases.filter((n) => n.includes(pubkey!)),
        outbox: outbox.filter((r) => JSON.stringify(r).includes(`"pubkey":"${pubkey}"`)).length,
        allDatabases: databases,
      };
    },
    [bob.pubkey, bob.nsec] as const,
  );
  expect(stored).toMatchObject({ local: [], inAccounts: false, databases: [], outbox: 0 });
  // Alice's wallet is still hers.
  expect(stored.allDatabases).toContain(`swell-wallet:${alice.pubkey}`);
  expect(errors).toEqual([]);
});
