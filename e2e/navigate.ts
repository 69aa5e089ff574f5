import type { Page } from '@playwright/test';

/**
 * Client-side navigation (the router follows popstate): the app keeps its state (feeds, lists,
 * the theme just chosen), as when a user follows a link. A `page.goto` would reload everything.
 */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
