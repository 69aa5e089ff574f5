import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * The design specs' screenshots are for people to look at (test-results/), not assertions. A CI
 * run (CI set) skips them unless E2E_SCREENSHOTS=1: some 190 a run, most of them full pages, at
 * 0.1-3.6 s each on a loaded machine. A local `npm test` takes them.
 */
const take = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (take) await page.screenshot(options);
}
