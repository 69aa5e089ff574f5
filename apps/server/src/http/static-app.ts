import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerContext } from '../context.ts';
import { pageMeta, withMeta } from './page-meta.ts';

/**
 * The Content-Security-Policy of the app. Scripts only from this server, plus the inline scripts
 * of the built index.html allowed one by one by their hash (no other inline script, no eval;
 * WebAssembly compilation for nostr-wasm's signature checks); styles from this server plus
 * inline ones (Radix UI injects <style> elements and React sets style attributes); pictures and
 * media from anywhere (notes link them); connections to any relay and cache a user adds (https:,
 * wss:, and plain http:/ws: for local and LAN servers); embedded players (frames) over https only;
 * no plugins; the app may not be framed (clickjacking); no <base> and forms post only here.
 */
export function appCsp(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'media-src * data: blob:',
    "font-src 'self' data:",
    "connect-src 'self' https: wss: http: ws:",
    'frame-src https:',
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The hashes (`sha256-…`) of a page's inline scripts: `<script>` elements without attributes. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}`,
  );
}

/**
 * The app page's CSP for the index.html in `dist`, hashed again when the file changes (a
 * rebuild while the server runs).
 */
function pagePolicy(dist: string): () => string {
  let seen = -1;
  let policy = appCsp();
  return () => {
    const file = join(dist, 'index.html');
    const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== seen) {
      seen = mtime;
      policy = appCsp(mtime ? inlineScriptHashes(readFileSync(file, 'utf8')) : []);
    }
    return policy;
  };
}

/** The headers of the app's HTML: CSP, no framing (also for browsers without CSP 2). */
function appPageHeaders(
  reply: { header(name: string, value: string): unknown },
  csp: string,
): void {
  reply.header('content-security-policy', csp);
  reply.header('x-frame-options', 'DENY');
}

/**
 * Serves the built web app at `/`; history-mode routes fall back to index.html. Paths that
 * belong to the API are never answered with the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  dist: string | undefined,
  ctx?: ServerContext,
): Promise<void> {
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; run `npm run build`');
    app.get('/', async (_req, reply) =>
      reply.type('text/plain').send('Swell server is running; the web app is not built.'),
    );
    return;
  }
  const policy = pagePolicy(dist);
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    maxAge: 0,
    // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts);
    // one is sent when the browser accepts it, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, served) {
      // With preCompressed, `served` is the .br or .gz file sent for the asset.
      const path = served.replace(/\.(br|gz)$/, '');
      // Hashed assets never change; index.html must always be revalidated.
      if (path.includes(`${join(dist, 'assets')}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
      // The service worker runs with the policy of its own response: the app's, not the
      // sandboxing one of other files (a sandboxed worker has no Cache Storage).
      if (path.endsWith('.html') || path === join(dist, 'sw.js')) appPageHeaders(res, policy());
    },
  });
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // `/wallet` itself is the app's wallet screen; the membership socket lives under `/wallet/`.
    const apiLike =
      /^\/(v1|relay|media|media-cache|link-preview|health|\.well-known)(\/|$)|^\/wallet\//.test(
        url,
      );
    // HEAD answers as GET does, without the body (@fastify/send leaves it out).
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (!read || apiLike || /\.[a-z0-9]+$/i.test(url)) {
      return reply.code(404).send({ error: 'not found' });
    }
    appPageHeaders(reply, policy());
    // A note, article or profile: the page carries its social card (Open Graph, Twitter), so a
    // shared link shows a title, text and picture in other apps. Anything else, or a lookup that
    // fails or takes long, gets the app's page as built.
    const meta = ctx && req.method === 'GET' ? await previewOf(ctx, url, req) : null;
    if (meta) {
      // Read per request: a rebuild while the server runs changes the asset names in it.
      const html = await readFile(join(dist, 'index.html'), 'utf8');
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(withMeta(html, meta));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}

/** How long a page waits for its social card before it is sent without one. */
const PREVIEW_BUDGET_MS = 300;

async function previewOf(
  ctx: ServerContext,
  path: string,
  req: { protocol: string; host: string; log: FastifyInstance['log'] },
) {
  const origin = `${req.protocol}://${req.host}`;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      pageMeta(ctx, path, origin),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), PREVIEW_BUDGET_MS);
      }),
    ]);
  } catch (e) {
    req.log.warn({ err: e, path }, 'social preview failed');
    return null;
  } finally {
    clearTimeout(timer);
  }
}
