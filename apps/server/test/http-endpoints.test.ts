import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';
import { ResultKind } from '@swell/cache-protocol';
import { parseHtmlMetadata } from '../src/http/link-preview-fetch.ts';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let server: Awaited<ReturnType<typeof testServer>>;
let site: Server;
let siteUrl: string;
let hits = 0;
let png: Buffer;

const PAGE = `<!doctype html><html><head><title>Fallback &amp; title</title>
<meta property="og:title" content="Open &quot;Graph&quot; title">
<meta name="description" content="A page about things">
<meta property="og:image" content="/img.png">
<link rel="icon" href="/fav.ico"></head><body>${'x'.repeat(1000)}</body></html>`;

beforeAll(async () => {
  png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  site = createServer((req, res) => {
    hits++;
    if (req.url === '/page')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (req.url === '/redirect') res.writeHead(302, { location: '/page' }).end();
    else if (req.url === '/img.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/video.mp4')
      res.writeHead(200, { 'content-type': 'video/mp4' }).end('not really');
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  // The test site listens on 127.0.0.1: the one private address this server may fetch from
  // (address refusals are tested in fetch-guard.test.ts).
  server = await testServer({ allowPrivateFetch: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  site.close();
});

describe('link preview', () => {
  it('reads OpenGraph, description, image and favicon', () => {
    const r = parseHtmlMetadata(PAGE, 'https://example.com/a/b');
    expect(r).toMatchObject({
      md_title: 'Open "Graph" title',
      md_description: 'A page about things',
      md_image: 'https://example.com/img.png',
      icon_url: 'https://example.com/fav.ico',
    });
    expect(parseHtmlMetadata('<title>Only</title>', 'https://e.com/').md_title).toBe('Only');
  });

  it('GET /link-preview fetches once, follows redirects, caches, and feeds 10000128', async () => {
    const url = `${siteUrl}/redirect`;
    const res = await fetch(`${server.url}/link-preview?u=${encodeURIComponent(url)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, string>;
    expect(body).toMatchObject({
      title: 'Open "Graph" title',
      description: 'A page about things',
      image: `${siteUrl}/img.png`,
    });
    expect(body.icon_url).toBe(`${siteUrl}/fav.ico`);
    const before = hits;
    const again = await fetch(`${server.url}/link-preview?u=${encodeURIComponent(url)}`);
    expect(((await again.json()) as { title: string }).title).toBe('Open "Graph" title');
    expect(hits).toBe(before);
    // a note linking that URL now carries the preview
    const c = await CacheClient.open(server.wsUrl('/v1'), true);
    const u = new User();
    await importAll(c, [u.sign(1, `look ${url}`)]);
    const page = await c.page('feed', { pubkey: u.pubkey });
    expect(page.raw.some((e) => e.kind === ResultKind.LinkMetadata)).toBe(true);
    expect(page.previewByUrl[url]?.md_title).toBe('Open "Graph" title');
    c.close();
  });

  it('rejects bad input and answers 502 when the site fails', async () => {
    expect((await fetch(`${server.url}/link-preview`)).status).toBe(400);
    expect((await fetch(`${server.url}/link-preview?u=ftp://x`)).status).toBe(400);
    expect(
      (await fetch(`${server.url}/link-preview?u=${encodeURIComponent(`${siteUrl}/missing`)}`))
        .status,
    ).toBe(502);
  });
});

describe('media cache', () => {
  it('resizes images into variants and caches them', async () => {
    const u = encodeURIComponent(`${siteUrl}/img.png`);
    const small = await fetch(`${server.url}/media-cache?s=s&a=0&u=${u}`);
    expect(small.status).toBe(200);
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect(meta.width).toBe(200);
    expect(meta.height).toBe(100);
    const large = await fetch(`${server.url}/media-cache?s=l&a=1&u=${u}`);
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(800);
    const before = hits;
    await fetch(`${server.url}/media-cache?s=s&a=0&u=${u}`);
    expect(hits).toBe(before);
  });

  it('refuses non-images (never redirects elsewhere) and bad parameters', async () => {
    const v = await fetch(
      `${server.url}/media-cache?s=m&a=1&u=${encodeURIComponent(`${siteUrl}/video.mp4`)}`,
      { redirect: 'manual' },
    );
    expect(v.status).toBe(415);
    expect(v.headers.get('location')).toBeNull();
    expect((await fetch(`${server.url}/media-cache?s=x&u=http://a`)).status).toBe(400);
  });
});
