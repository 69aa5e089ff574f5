import { expect, test, type Browser, type Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { demoAccounts } from '@swell/devnet';
import { signInWithKey } from './settings-helpers.ts';

// The JavaScript budgets of apps/web/budgets.json, checked on the real build in a real browser:
// what /home loads (guest and signed in), and each route's own chunk. Sizes are gzip -9 of each
// file, as the bench reports them; bytes, not timings, so the check is the same on any machine.
// /home has two budgets: its first load (every script requested before the first note is on
// screen) and everything it has loaded 2 s later (the sidebar, the signer, the relays and the
// write path of a signed-in user, which wait for the first note).

const web = join(import.meta.dirname, '../apps/web');
const budgets = JSON.parse(readFileSync(join(web, 'budgets.json'), 'utf8')) as {
  homeKB: { guest: number; signedIn: number };
  homeSettledKB: { guest: number; signedIn: number };
  routeChunkKB: { default: number; overrides: Record<string, number> };
};
const alice = demoAccounts.find((a) => a.name === 'alice')!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Records when the first note appears (performance.now(); runs before the app). */
function firstNoteProbe() {
  const w = window as unknown as { __firstNote?: number };
  new MutationObserver((_, obs) => {
    if (document.querySelector('article')) {
      w.__firstNote = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

interface Script {
  path: string;
  gzip: number;
  /** Requested before the first note was on screen. */
  first: boolean;
}

/** Every script /home loads until its first note is on screen and 2 s after (lazy extras). */
async function homeScripts(browser: Browser, signedIn: boolean): Promise<Script[]> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(firstNoteProbe);
  if (signedIn) {
    await signInWithKey(page, alice);
  }
  const responses: Response[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') responses.push(res);
  });
  await page.goto('/home');
  await expect(page.getByRole('feed', { name: 'Home' }).locator('article').first()).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForTimeout(2000);
  const firstNoteAt = await page.evaluate(
    () => performance.timeOrigin + (window as unknown as { __firstNote: number }).__firstNote,
  );
  const files: Script[] = [];
  for (const res of responses) {
    files.push({
      path: new URL(res.url()).pathname,
      gzip: gzipSync(await res.body(), { level: 9 }).length,
      first: res.request().timing().startTime < firstNoteAt,
    });
  }
  await context.close();
  return files.sort((a, b) => b.gzip - a.gzip);
}

/** The total, and an error message naming the largest files, of one /home budget. */
function overBudget(files: Script[], what: string, budgetKB: number, key: string) {
  const total = files.reduce((a, f) => a + f.gzip, 0);
  const budget = budgetKB * 1024;
  console.info(`${what}: ${kb(total)} of JavaScript (gzip) in ${files.length} files`);
  const biggest = files
    .slice(0, 8)
    .map((f) => `${kb(f.gzip)} ${f.path}`)
    .join(', ');
  return {
    total,
    budget,
    message: `${what} is ${kb(total)} of JavaScript (gzip) in ${files.length} files, over its budget of ${kb(budget)} (${key} in apps/web/budgets.json); largest: ${biggest}`,
  };
}

for (const who of ['guest', 'signedIn'] as const) {
  test(`the JavaScript of /home (${who}) stays within its budget`, async ({ browser }) => {
    const files = await homeScripts(browser, who === 'signedIn');
    const first = overBudget(
      files.filter((f) => f.first),
      `the first load of /home (${who}), before its first note`,
      budgets.homeKB[who],
      `homeKB.${who}`,
    );
    const settled = overBudget(
      files,
      `/home (${who}) 2 s after its first note`,
      budgets.homeSettledKB[who],
      `homeSettledKB.${who}`,
    );
    expect.soft(first.total, first.message).toBeLessThanOrEqual(first.budget);
    expect.soft(settled.total, settled.message).toBeLessThanOrEqual(settled.budget);
  });
}

/** A build manifest entry (Vite's `.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

test('what each route adds to the first load stays within its budget', () => {
  const manifest = JSON.parse(
    readFileSync(join(web, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
  const routes = Object.keys(manifest).filter(
    (src) => manifest[src]!.isDynamicEntry && /^src\/(screens|features)\/.*\.tsx$/.test(src),
  );
  expect(routes.length).toBeGreaterThan(20);
  const gzipOf = (key: string) =>
    gzipSync(readFileSync(join(web, 'dist', manifest[key]!.file)), { level: 9 }).length;
  const over: string[] = [];
  for (const src of routes) {
    // The route's chunk and the shared chunks it imports statically, beyond the entry's.
    const own = [...closure([src])].filter((k) => !entry.has(k));
    const size = own.reduce((a, k) => a + gzipOf(k), 0);
    const budget = (budgets.routeChunkKB.overrides[src] ?? budgets.routeChunkKB.default) * 1024;
    if (size > budget) {
      const parts = own
        .map((k) => [manifest[k]!.file, gzipOf(k)] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([f, n]) => `${kb(n)} ${f}`)
        .join(', ');
      over.push(`${src}: ${kb(size)} > ${kb(budget)} (largest: ${parts})`);
    }
  }
  expect(over, `routes over budget (apps/web/budgets.json): ${over.join('; ')}`).toEqual([]);
});
