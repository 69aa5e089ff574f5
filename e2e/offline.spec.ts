import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The installable app's service worker: a second visit opens from the cache when the server is
// gone. This test runs its own server (the shared one must keep serving the other tests), stops
// it, and reloads.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

test('a second visit with the server stopped shows the cached shell and the offline banner', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-offline-'));
  const server = spawn(process.execPath, ['../apps/devnet/src/main.ts'], {
    cwd: import.meta.dirname,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SWELL_DATA: dataDir },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => server.once('exit', r));
  const context = await browser.newContext();
  try {
    await waitForHealth(url, server);
    const page = await context.newPage();
    await page.goto(`${url}/home`);
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    // Installed (the shell and the first load's files are cached) and in control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // ...and the files this visit loaded before the worker took over are cached too.
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', {
      timeout: 30_000,
    });

    server.kill('SIGKILL');
    await exited;
    await expect(fetch(`${url}/health`)).rejects.toThrow();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Not connected to the caching service' }),
    ).toBeVisible({ timeout: 15_000 });
    // The logo and the default avatar come from the cache too: no broken image (issue 31).
    await expect(page.locator('img.brand-logo').first()).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((i) => i.complete && i.naturalWidth === 0)
            .map((i) => new URL(i.src).pathname),
        ),
      )
      .toEqual([]);
    // A deep link opens the shell too, not the browser's error page.
    await page.goto(`${url}/explore`);
    await expect(page.getByRole('navigation').first()).toBeVisible();
  } finally {
    await context.close();
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
