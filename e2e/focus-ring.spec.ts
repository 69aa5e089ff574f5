import { expect, test } from '@playwright/test';

// Issue 31: no focus ring after a mouse click (script-moved focus included); the keyboard shows it.

const outlineOf = (el: Element) => getComputedStyle(el).outlineStyle;

test('a clicked tab shows no focus ring; the keyboard brings the ring back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/explore');
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toBeFocused();
  expect(await tabs.nth(1).evaluate(outlineOf)).toBe('none');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(2)).toBeFocused();
  expect(await tabs.nth(2).evaluate(outlineOf)).toBe('solid');
});
