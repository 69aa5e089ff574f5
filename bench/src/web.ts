// `npm run bench -- web [--data DIR] [--runs N] [--notes N,N] [--no-build] [--dist DIR]
//   [--no-lighthouse]`: the web
// client's figures against a local server with the demo network, in headless Chromium:
//   - the JavaScript loaded for /home: bytes on the wire (as served: brotli) and gzip size (every
//     script response, gzipped here at -9), for a guest and for a signed-in demo user (alice's
//     nsec stored without a PIN), and for a thread and a profile: the first load (scripts
//     requested before the first note was on screen) and everything loaded 2 s later,
//   - time from navigation start to the first note on screen (median of N cold loads),
//   - JS heap after scrolling 300 and 1,000 notes of home (after a forced GC; --notes sets the
//     checkpoints), against the heap at the start,
//   - Lighthouse's mobile and desktop scores for a guest's /home (performance, accessibility,
//     best practices; first and largest contentful paint).
// With --data, a seeded data folder is reused (seeding takes about a minute). With --dist, another
// build of the web app is served (say, a copy of apps/web/dist from before a change).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { demoAccounts, startDevnetServer } from '@swell/devnet';
import { nip19 } from '@swell/nostr';
import { loadConfig } from '@swell/server';
import { lighthouseScores } from './lighthouse.ts';
import { percentile } from './lib-stats.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Records performance.now() when the first <article> appears (runs before the app). */
function firstNoteProbe() {
  const w = window as unknown as { __firstNote?: number };
  new MutationObserver((_, obs) => {
    if (document.querySelector('article')) {
      w.__firstNote = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** A signed-in user: the nsec and public key stored as the app stores them without a PIN. */
function storeKey(key: { nsec: string; pubkey: string }) {
  localStorage.setItem('sec', key.nsec);
  localStorage.setItem('pubkey', key.pubkey);
}

async function coldLoad(browser: Browser, url: string, signedIn = false, listFiles = false) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(firstNoteProbe);
  if (signedIn) {
    const alice = demoAccounts.find((a) => a.name === 'alice')!;
    await page.addInitScript(storeKey, { nsec: alice.nsec, pubkey: alice.pubkey });
  }
  const scripts = new Map<string, { body: Promise<Buffer>; wire: Promise<number>; at: number }>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.set(res.url(), {
      body: res.body(),
      wire: res
        .request()
        .sizes()
        .then((z) => z.responseBodySize),
      at: res.request().timing().startTime,
    });
  });
  await page.goto(url);
  await page.waitForSelector('article', { timeout: 60_000 });
  // Chunks loaded just after the first note (sidebar, account, sign-in code) count too; the
  // page never goes network-idle when signed in (media keeps loading), so give them a moment.
  await page.waitForTimeout(2000);
  const [firstNoteMs, timeOrigin] = await page.evaluate(() => [
    (window as unknown as { __firstNote: number }).__firstNote,
    performance.timeOrigin,
  ]);
  const all = { raw: 0, gz: 0, wire: 0, files: 0 };
  const first = { raw: 0, gz: 0, wire: 0, files: 0 };
  const perFile: Array<[string, number, boolean]> = [];
  for (const [url, s] of scripts) {
    const b = await s.body;
    const z = gzipSync(b, { level: 9 }).length;
    const w = await s.wire;
    const early = s.at < timeOrigin + firstNoteMs;
    for (const t of early ? [all, first] : [all]) {
      t.raw += b.length;
      t.gz += z;
      t.wire += w;
      t.files++;
    }
    perFile.push([new URL(url).pathname, z, early]);
  }
  if (process.env.BENCH_WEB_FILES && listFiles) {
    console.log(`  files of /home (${signedIn ? 'signed in' : 'guest'}), gzip:`);
    for (const [path, z, early] of perFile.sort((a, b) => b[1] - a[1])) {
      console.log(
        `    ${(z / 1024).toFixed(1).padStart(6)} KB  ${path}${early ? '' : '  (after the first note)'}`,
      );
    }
  }
  await context.close();
  return { firstNoteMs, ...all, first };
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}

async function scrollHeap(browser: Browser, url: string, checkpoints: number[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  // All Notes: a long created_at feed (trending holds one note per author only).
  const select = page.getByRole('combobox', { name: 'Feed' });
  // A native <select> in builds before the design system (for --dist comparisons).
  if (await select.evaluate((el) => el.tagName === 'SELECT')) {
    await select.selectOption({ label: 'All Notes' });
  } else {
    await select.click();
    await page.getByRole('option', { name: 'All Notes', exact: true }).click();
  }
  await page.waitForSelector('[role=feed] article');
  const start = await heapUsed(page);
  const maxIndex = () =>
    page.evaluate(() =>
      Math.max(
        -1,
        ...Array.from(document.querySelectorAll('.feed-row')).map((el) =>
          Number(el.getAttribute('data-index')),
        ),
      ),
    );
  const t0 = performance.now();
  let reached = -1;
  const points: Array<{ notes: number; heap: number; domArticles: number; seconds: number }> = [];
  const last = Math.max(...checkpoints);
  const measure = async () =>
    points.push({
      notes: reached + 1,
      heap: await heapUsed(page),
      domArticles: await page.locator('article').count(),
      seconds: (performance.now() - t0) / 1000,
    });
  const pending = [...checkpoints].sort((a, b) => a - b);
  while (reached < last - 1 && performance.now() - t0 < 300_000) {
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(60);
    reached = await maxIndex();
    while (pending.length && reached + 1 >= pending[0]!) {
      pending.shift();
      await measure();
    }
  }
  // The feed ended (or time ran out) before the last checkpoint: measure where it stopped.
  if (pending.length) await measure();
  await context.close();
  return { start, points };
}

export async function run(args: string[]): Promise<void> {
  const runs = Number(option(args, 'runs') ?? 9);
  const checkpoints = (option(args, 'notes') ?? '300,1000').split(',').map(Number);
  if (!args.includes('--no-build') || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    const b = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`web build failed: ${b.stderr}`);
  }
  const given = option(args, 'data');
  const dataDir = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'swell-bench-web-'));
  const dist = option(args, 'dist');
  const t0 = performance.now();
  const server = await startDevnetServer({
    ...loadConfig({}, []),
    ...(dist ? { webDist: resolve(dist) } : {}),
    port: 0,
    dataDir,
    demo: true,
    devnet: true,
    logLevel: 'warn',
  });
  console.log(
    `  server with demo network ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'],
  });
  try {
    const home = `${server.url}/home`;
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, home, false, i === 0));
    /** First load (before the first note), then everything loaded 2 s after it. */
    const jsLine = (l: Awaited<ReturnType<typeof coldLoad>>) =>
      `${kb(l.first.gz)} gzip, ${kb(l.first.wire)} on the wire (${kb(l.first.raw)} raw, ${l.first.files} files) before the first note; ${kb(l.gz)} gzip, ${kb(l.wire)} on the wire (${l.files} files) 2 s after it`;
    console.log(`  JS loaded for /home (guest): ${jsLine(loads[0]!)}  [aim: <= 150 KB]`);
    const signedLoads = [];
    for (let i = 0; i < runs; i++) signedLoads.push(await coldLoad(browser, home, true, i === 0));
    console.log(`  JS loaded for /home (signed in): ${jsLine(signedLoads[0]!)}`);
    const times = loads.map((l) => l.firstNoteMs);
    console.log(
      `  navigation -> first note: median ${percentile(times, 50).toFixed(0)} ms over ${runs} cold loads (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})  [aim: < 1000 ms]`,
    );
    const signedTimes = signedLoads.map((l) => l.firstNoteMs);
    console.log(
      `  navigation -> first note, signed in (stored nsec): median ${percentile(signedTimes, 50).toFixed(0)} ms over ${runs} cold loads (min ${Math.min(...signedTimes).toFixed(0)}, max ${Math.max(...signedTimes).toFixed(0)}; ${(percentile(signedTimes, 50) / percentile(times, 50)).toFixed(2)}x the guest's)  [aim: <= 1.2x]`,
    );
    // A thread (the first note of home) and a profile (alice's), as a guest.
    const probe = await browser.newPage();
    await probe.goto(home);
    const noteId = await probe
      .locator('article[data-note-id]')
      .first()
      .getAttribute('data-note-id');
    await probe.close();
    const alice = demoAccounts.find((a) => a.name === 'alice')!;
    for (const [name, url] of [
      ['thread', `${server.url}/thread/${noteId}`],
      ['profile', `${server.url}/p/${nip19.npubEncode(alice.pubkey)}`],
    ] as const) {
      const screenLoads = [];
      for (let i = 0; i < runs; i++) screenLoads.push(await coldLoad(browser, url));
      const ms = screenLoads.map((l) => l.firstNoteMs);
      console.log(
        `  ${name} (guest): JS ${jsLine(screenLoads[0]!)}; first note median ${percentile(ms, 50).toFixed(0)} ms over ${runs} cold loads`,
      );
    }
    const heap = await scrollHeap(browser, home, checkpoints);
    console.log(`  JS heap: ${mb(heap.start)} at the first page  [aim: flat, within 30 MB]`);
    for (const p of heap.points) {
      console.log(
        `    after scrolling ${p.notes} notes: ${mb(p.heap)} (+${mb(p.heap - heap.start)}; ${p.domArticles} articles in the DOM; ${p.seconds.toFixed(0)} s)`,
      );
    }
    await browser.close();
    if (!args.includes('--no-lighthouse')) {
      for (const form of ['mobile', 'desktop'] as const) {
        const lh = await lighthouseScores(home, form);
        console.log(
          `  Lighthouse ${form}: performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh.bestPractices}; FCP ${(lh.fcpMs / 1000).toFixed(1)} s, LCP ${(lh.lcpMs / 1000).toFixed(1)} s  [aim: mobile performance >= 95, the others 100]`,
        );
        for (const line of lh.failing) console.log(`    not passed: ${line}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
}
