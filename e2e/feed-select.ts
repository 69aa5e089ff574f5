import { expect, type Page } from '@playwright/test';

/** Picks a home feed in the feed select (a Radix select: open it, click the option). */
export async function chooseFeed(page: Page, name: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Feed' });
  await expect(select).toBeVisible();
  if ((await select.textContent())?.trim() === name) return;
  // The screen may still be settling (its feed list arriving re-renders the select and closes
  // the popup): open and pick again until it took.
  await expect(async () => {
    if ((await select.textContent())?.trim() === name) return;
    if ((await page.getByRole('listbox').count()) === 0) await select.click();
    await page.getByRole('option', { name, exact: true }).click({ timeout: 5_000 });
    await expect(select).toHaveText(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The names of the feeds offered by the feed select (opens it, reads, closes it). */
export async function feedNames(page: Page): Promise<string[]> {
  const select = page.getByRole('combobox', { name: 'Feed' });
  await select.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = (await options.allTextContents()).map((s) => s.trim());
  await page.keyboard.press('Escape');
  await expect(options).toHaveCount(0);
  return names;
}
