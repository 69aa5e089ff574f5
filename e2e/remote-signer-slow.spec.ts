import { expect, test } from '@playwright/test';
import { operatorHeaders } from './devnet-operator.ts';

// A remote signer that stops answering is reported within seconds of the first unanswered
// request (the request keeps waiting: the answer may still come), not at its 30 s time-out.

test.describe.configure({ timeout: 120_000 });

test('a like made after the bunker dropped says within seconds that the signer is not answering', async ({
  page,
  request,
}) => {
  await request.post('/devnet/nip46/online', {
    data: { online: true },
    headers: operatorHeaders(),
  });
  const { bunkerUrl } = (await (await request.get('/devnet/nip46')).json()) as {
    bunkerUrl: string;
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Remote signer (NIP-46)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remote signer (NIP-46)' });
  await dialog.getByLabel('Bunker address').fill(bunkerUrl);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Signed in as Erin')).toBeVisible({ timeout: 30_000 });
  // A note Erin has not liked yet.
  const note = page
    .getByRole('feed', { name: 'Home' })
    .locator('article')
    .filter({ has: page.getByRole('button', { name: /^Like/, pressed: false }) })
    .first();
  await expect(note).toBeVisible({ timeout: 30_000 });

  const off = await request.post('/devnet/nip46/online', {
    data: { online: false },
    headers: operatorHeaders(),
  });
  expect(off.ok()).toBe(true);
  try {
    const id = await note.getAttribute('data-note-id');
    await note.getByRole('button', { name: /^Like/ }).click();
    const liked = page.locator(`article[data-note-id="${id}"]`).first();
    const banner = page.getByTestId('signer-slow');
    await expect(banner).toBeVisible({ timeout: 8_000 });
    await expect(banner).toContainText('Your remote signer is not answering.');
    await expect(
      page
        .getByRole('region', { name: /Alerts/ })
        .getByText('Your remote signer is not answering.', {
          exact: false,
        }),
    ).toBeVisible();
    // Told, not given up: the like still shows while it waits.
    await expect(liked.getByRole('button', { name: /^Like/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  } finally {
    await request.post('/devnet/nip46/online', {
      data: { online: true },
      headers: operatorHeaders(),
    });
  }
});
