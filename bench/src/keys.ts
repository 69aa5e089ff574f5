// `npm run bench -- keys [--runs N] [--rates 1,4] [--log-n 16,17,18]`: how long opening a
// stored key takes in headless Chromium, at each CPU throttling rate (CDP
// Emulation.setCPUThrottlingRate; 4 stands in for a mid-range phone):
//   - PBKDF2-SHA-256 with 600,000 iterations and AES-256-GCM: `decryptWithPin` of
//     @swell/client, the key store's `swpin1:` format (WebCrypto),
//   - NIP-49's scrypt (r 8, p 1) at each log_n and XChaCha20-Poly1305: `nip49DecryptAsync` of
//     @swell/nostr, the async form a UI uses (@noble/hashes in JavaScript, yielding every 10 ms),
//     and `nip49Decrypt`, the sync form (the fastest JavaScript scrypt can be, screen frozen),
// each the median, minimum and maximum of N unlocks with the right PIN, and the longest task the
// page's main thread ran meanwhile (what freezes the screen). Values are sealed once in Node;
// the page only opens them. Built with Vite from a small probe, served on 127.0.0.1 (a secure
// context, so WebCrypto is there).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { encryptWithPin } from '@swell/client';
import { nip19, nip49Encrypt } from '@swell/nostr';
import { percentile } from './lib-stats.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const probe = `
import { decryptWithPin } from '@swell/client';
import { nip49Decrypt, nip49DecryptAsync } from '@swell/nostr';

let longest = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
}).observe({ type: 'longtask' });

async function timed(open) {
  longest = 0;
  // Let a long task from before end and be reported first.
  await new Promise((r) => setTimeout(r, 50));
  longest = 0;
  const t0 = performance.now();
  const secret = await open();
  const ms = performance.now() - t0;
  // Long tasks are reported after they end; give the observer a turn.
  await new Promise((r) => setTimeout(r, 50));
  return { ms, longestTaskMs: longest, secret };
}

window.__bench = {
  pbkdf2: (pin, sealed) => timed(() => decryptWithPin(pin, sealed)),
  scrypt: (pin, sealed) =>
    timed(async () => {
      const { secretKey } = await nip49DecryptAsync(sealed, pin);
      return Array.from(secretKey, (b) => b.toString(16).padStart(2, '0')).join('');
    }),
  scryptSync: (pin, sealed) =>
    timed(async () => {
      const { secretKey } = nip49Decrypt(sealed, pin);
      return Array.from(secretKey, (b) => b.toString(16).padStart(2, '0')).join('');
    }),
};
document.title = 'ready';
`;

async function buildProbe(dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.js'), probe);
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="./main.js"></script>');
  const { build } = await import('vite');
  await build({
    root: dir,
    logLevel: 'error',
    configFile: false,
    build: { outDir: join(dir, 'dist'), target: 'es2022' },
  });
  return join(dir, 'dist');
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

function serve(dist: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(dist, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dist)) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      r({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}

interface Sample {
  ms: number;
  longestTaskMs: number;
  secret: string;
}

const f0 = (v: number) => v.toFixed(0).padStart(5);

export async function run(args: string[]): Promise<void> {
  const runs = Number(option(args, 'runs') ?? 5);
  const rates = (option(args, 'rates') ?? '1,4').split(',').map(Number);
  const logNs = (option(args, 'log-n') ?? '16,17,18').split(',').map(Number);
  const pin = '2468';
  const secret = '7f'.repeat(31) + '01';
  const secretKey = Uint8Array.from(secret.match(/../g)!, (h) => parseInt(h, 16));

  const schemes: Array<{ name: string; kind: 'pbkdf2' | 'scrypt' | 'scryptSync'; sealed: string }> =
    [
      {
        name: 'PBKDF2-SHA-256 600,000 + AES-GCM (swpin1)',
        kind: 'pbkdf2',
        sealed: await encryptWithPin(pin, nip19.nsecEncode(secretKey), 600_000),
      },
      ...logNs.flatMap((logN) => {
        const sealed = nip49Encrypt(secretKey, pin, { logN });
        const name = `NIP-49 scrypt log_n ${logN} (${2 ** logN / 1024} MiB) + XChaCha20-Poly1305`;
        return [
          { name, kind: 'scrypt' as const, sealed },
          { name: `${name}, sync`, kind: 'scryptSync' as const, sealed },
        ];
      }),
    ];

  const dist = await buildProbe(join(root, '.tmp', 'keys-bench'));
  const site = await serve(dist);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  console.log(
    `  ${runs} unlocks each with the right PIN; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${process.env.BENCH_MACHINE ?? 'this machine'}`,
  );
  try {
    for (const rate of rates) {
      const page = await browser.newPage();
      await page.goto(site.url);
      await page.waitForFunction(() => document.title === 'ready');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      console.log(`  CPU throttling ${rate}x: median / min / max ms; longest main-thread task`);
      for (const scheme of schemes) {
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i++) {
          samples.push(
            await page.evaluate(
              ([kind, p, sealed]) =>
                (
                  window as unknown as {
                    __bench: Record<string, (pin: string, v: string) => Promise<Sample>>;
                  }
                ).__bench[kind]!(p, sealed),
              [scheme.kind, pin, scheme.sealed] as const,
            ),
          );
        }
        const opened = samples.every((s) =>
          scheme.kind === 'pbkdf2' ? s.secret === nip19.nsecEncode(secretKey) : s.secret === secret,
        );
        if (!opened) throw new Error(`${scheme.name} did not open to the sealed key`);
        const ms = samples.map((s) => s.ms);
        const task = Math.max(...samples.map((s) => s.longestTaskMs));
        console.log(
          `    ${f0(percentile(ms, 50))} / ${f0(Math.min(...ms))} / ${f0(Math.max(...ms))}   ${f0(task)}  ${scheme.name}`,
        );
      }
      await cdp.detach();
      await page.close();
    }
  } finally {
    await browser.close();
    site.close();
  }
}
