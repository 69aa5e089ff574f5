import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { testServer } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET (or HEAD) with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const script = `console.log(${JSON.stringify('a fairly repetitive line of code; '.repeat(200))});`;
const page = `<!doctype html><title>Swell</title>${'<div class="skeleton"></div>'.repeat(100)}<script type="module" src="/assets/app-abc123.js"></script>`;

describe('compressed answers', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let dist: string;

  beforeAll(async () => {
    // A build as apps/web writes it: each text asset with its .br and .gz beside it.
    dist = mkdtempSync(join(tmpdir(), 'swell-dist-'));
    mkdirSync(join(dist, 'assets'));
    for (const [path, body] of [
      ['index.html', page],
      ['assets/app-abc123.js', script],
      ['sw.js', `self.addEventListener('fetch', () => {}); // ${'x'.repeat(600)}`],
    ] as const) {
      writeFileSync(join(dist, path), body);
      // Marked copies, so a test can tell the precompressed file from one compressed per request.
      writeFileSync(join(dist, `${path}.br`), brotliCompressSync(`${body}/*br*/`));
      writeFileSync(join(dist, `${path}.gz`), gzipSync(`${body}/*gz*/`));
    }
    // A JSON route of an extension (as the devnet adds), declared after compression is set up.
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `row ${i}` }));
    server = await testServer(
      { webDist: dist },
      {
        extensions: [
          { name: 'rows', register: (app) => void app.get('/test/rows', async () => ({ rows })) },
        ],
      },
    );
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the precompressed brotli file when the browser accepts br', async () => {
    const res = await get(`${server.url}/assets/app-abc123.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(`${script}/*br*/`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the gzip file to a gzip-only client and the plain file to one without encodings', async () => {
    const gz = await get(`${server.url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(`${script}/*gz*/`);
    const plain = await get(`${server.url}/assets/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses index.html on every app route and keeps it revalidated', async () => {
    for (const path of ['/', '/home', '/thread/abc', '/index.html']) {
      const res = await get(`${server.url}${path}`, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString()).toContain('<title>Swell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The app's policy, not the sandboxing one of other files.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('sandbox');
    }
  });

  it('answers HEAD like GET, without a body, on every app path and asset', async () => {
    const paths = ['/', '/home', '/thread/abc', '/wallet', '/index.html', '/sw.js'];
    for (const path of [...paths, '/assets/app-abc123.js', '/manifest-missing.json']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const full = await get(`${server.url}${path}`, headers);
        const head = await get(`${server.url}${path}`, headers, 'HEAD');
        expect([path, encoding, head.status]).toEqual([path, encoding, full.status]);
        expect(head.body.length).toBe(0);
        for (const name of [
          'content-type',
          'content-encoding',
          'content-length',
          'cache-control',
          'content-security-policy',
          'vary',
        ]) {
          expect([path, encoding, name, head.headers[name]]).toEqual([
            path,
            encoding,
            name,
            full.headers[name],
          ]);
        }
      }
    }
    // API paths stay API paths
    expect((await get(`${server.url}/v1`, {}, 'HEAD')).status).toBe(404);
    expect((await get(`${server.url}/wallet/v1`, {}, 'HEAD')).status).toBe(404);
  });

  it("serves the service worker, compressed or not, with the app's policy", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(`${server.url}/sw.js`, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      // A sandboxed worker would have no Cache Storage: the offline shell would never work.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('sandbox');
    }
  });

  it('compresses JSON answers of 1 KB or more, and leaves small ones alone', async () => {
    const big = await get(`${server.url}/test/rows`, { 'accept-encoding': 'br' });
    const plainBig = await get(`${server.url}/test/rows`);
    expect(plainBig.body.length).toBeGreaterThan(1024);
    expect(plainBig.headers['content-encoding']).toBeUndefined();
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.body.length).toBeLessThan(plainBig.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(big.body).toString())).toEqual(
      JSON.parse(plainBig.body.toString()),
    );
    const small = await get(`${server.url}/.well-known/nostr.json?name=nobody`, {
      'accept-encoding': 'br',
    });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
