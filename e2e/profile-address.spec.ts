import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { query } from './relay-client.ts';
import { freshAccount, relayOf, seedAccount, signInWithKey } from './settings-helpers.ts';

// Issue 31, item 1: the server hands out `name@host:port` addresses (NIP-05 and lightning);
// Edit profile must save them, and a refused field must not cost the other edits.

test('edit profile saves addresses with a port; a refused address keeps the new picture', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const me = freshAccount();
  const host = new URL(baseURL!).host;
  await seedAccount(baseURL!, me, {
    name: 'porter',
    display_name: 'Port Porter',
    nip05: `porter@${host}`,
    lud16: `porter@${host}`,
  });
  await signInWithKey(page, me);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/profile');
  const nip05 = page.getByLabel('Nostr address (NIP-05)');
  await expect(nip05).toHaveValue(`porter@${host}`, { timeout: 20_000 });

  const picture = `${baseURL}/avatar-${Date.now()}.png`;
  await page.getByLabel('Picture URL').fill(picture);
  // An address NIP-05 does not allow (a space in the name) is refused, and says how it looks.
  await nip05.fill('por ter@example.com');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter an address like name@example.com')).toHaveCount(1);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel('Picture URL')).toHaveValue(picture);

  await nip05.fill(`porter@${host}`);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${me.npub}$`));
  await expect
    .poll(async () => {
      const [kind0] = await query(relayOf(baseURL!), { kinds: [0], authors: [me.pubkey] });
      return kind0 ? (JSON.parse(kind0.content) as Record<string, string>) : null;
    })
    .toMatchObject({ picture, nip05: `porter@${host}`, lud16: `porter@${host}` });
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
