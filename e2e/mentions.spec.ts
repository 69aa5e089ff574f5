import { expect, test, type Page } from '@playwright/test';
import { freshAccount, seedAccount, signInWithKey } from './settings-helpers.ts';

// Issue 31, item 5: "@bo" offers Bob first, "@gra" Grace first (names before score), and the
// list stays inside the viewport at 390 and 1280 px.

async function suggestionsFor(page: Page, text: string) {
  const box = page.getByRole('dialog', { name: 'New note' }).getByRole('combobox');
  await box.fill('');
  await box.pressSequentially(text);
  const list = page.getByRole('listbox', { name: 'Mention someone' });
  await expect(list.getByRole('option').first()).toBeVisible({ timeout: 20_000 });
  return list;
}

async function insideViewport(page: Page, list: ReturnType<Page['getByRole']>) {
  const box = (await list.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
  // Not clipped by the composer: the last option is what is drawn at its centre.
  const last = list.getByRole('option').last();
  const b = (await last.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="option"]')?.textContent ?? '',
    [b.x + b.width / 2, b.y + b.height / 2],
  );
  expect(hit).toBe(await last.textContent());
}

for (const width of [390, 1280]) {
  test(`mentions at ${width} px: names first, inside the viewport`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const me = freshAccount();
    await seedAccount(baseURL!, me, { name: `mentioner${width}`, display_name: 'Mentioner' });
    await signInWithKey(page, me);
    await page.setViewportSize({ width, height: width < 600 ? 700 : 800 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'New note' }).first().click();
    let list = await suggestionsFor(page, 'Hello @bo');
    await expect(list.getByRole('option').first()).toContainText('Bob');
    await insideViewport(page, list);
    // Many lines push the field down: the list flips or shifts, but stays visible.
    list = await suggestionsFor(page, `${'line\n'.repeat(14)}Ask @gra`);
    await expect(list.getByRole('option').first()).toContainText('Grace');
    await insideViewport(page, list);
    // Picking inserts the mention.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New note' }).getByRole('combobox')).toHaveValue(
      /nostr:nprofile1\w+ $/,
    );
  });
}
