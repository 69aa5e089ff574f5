import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkFetchTarget } from '../cache/address-guard.ts';
import type { ServerContext } from '../context.ts';
import { guardedFetch } from './link-preview-fetch.ts';
import { ownUpload, sendOwnVariant } from '../media/local-variants.ts';
import { requestHosts } from '../media/media-urls.ts';

/** Widths of the variants (o = original). The same table feeds 10000119 in cache answers. */
export const VARIANT_WIDTHS: Record<string, number | undefined> = {
  s: 200,
  m: 400,
  l: 800,
  o: undefined,
};

export const mediaCacheLimits = { timeoutMs: 10_000, maxBytes: 25 * 1024 * 1024, maxRedirects: 5 };

interface Variant {
  type: string;
  body: Buffer;
}

/** Resizes an image for a variant; animated input stays animated when `animated`. */
export async function makeVariant(
  input: Buffer | string,
  size: string,
  animated: boolean,
): Promise<Variant> {
  const width = VARIANT_WIDTHS[size];
  const meta = await sharp(input, { animated: false }).metadata();
  const multiFrame = (meta.pages ?? 1) > 1;
  const keepAnimation = animated && multiFrame;
  let img = sharp(input, { animated: keepAnimation, limitInputPixels: 100_000_000 }).rotate();
  if (width && (meta.width ?? 0) > width) img = img.resize({ width, withoutEnlargement: true });
  if (keepAnimation)
    return { type: 'image/webp', body: await img.webp({ quality: 80 }).toBuffer() };
  if (meta.format === 'png' && !width)
    return { type: 'image/png', body: await img.png().toBuffer() };
  if (meta.hasAlpha)
    return { type: 'image/webp', body: await img.webp({ quality: 82 }).toBuffer() };
  return { type: 'image/jpeg', body: await img.jpeg({ quality: 82, mozjpeg: true }).toBuffer() };
}

/**
 * `GET /media-cache?s=o|s|m|l&a=0|1&u=<url>`: a resized (s, m, l) or re-encoded original (o)
 * variant of a remote image, animated or first frame (a), cached on disk under SWELL_DATA.
 * Anything that is not an image is redirected to its original URL.
 */
export function registerMediaCache(app: FastifyInstance, ctx: ServerContext): void {
  const dir = join(ctx.config.dataDir, 'media-cache');
  mkdirSync(dir, { recursive: true });
  const inflight = new Map<string, Promise<Variant | { redirect: string }>>();

  app.get<{ Querystring: { s?: string; a?: string; u?: string } }>(
    '/media-cache',
    async (req, reply) => {
      const { s = 'o', a = '1' } = req.query;
      if (!(s in VARIANT_WIDTHS) || (a !== '0' && a !== '1'))
        return reply.code(400).send({ error: 's must be o|s|m|l and a 0|1' });
      const own = await ownUpload(ctx.media, req.query.u, requestHosts(req.headers));
      if (own)
        return sendOwnVariant(reply, ctx.media, own, s, a === '1', req.query.u!, makeVariant);
      const target = await checkFetchTarget(req.query.u, req.socket.remoteAddress);
      if ('error' in target) return reply.code(400).send({ error: target.error });
      const { url: u, allowPrivate } = target;
      const key = createHash('sha256').update(`${s}|${a}|${u}`).digest('hex');
      const file = join(dir, key);
      try {
        const [type, body] = await Promise.all([readFile(`${file}.type`, 'utf8'), readFile(file)]);
        return reply.header('cache-control', 'public, max-age=604800').type(type).send(body);
      } catch {
        // not cached yet
      }
      let job = inflight.get(key);
      if (!job || allowPrivate) {
        job = (async () => {
          const fetched = await guardedFetch(
            u,
            allowPrivate,
            mediaCacheLimits,
            'image/*,*/*;q=0.5',
          );
          if (!fetched.contentType.startsWith('image/')) return { redirect: u };
          const v = await makeVariant(fetched.body, s, a === '1');
          await writeFile(`${file}.tmp`, v.body);
          await writeFile(`${file}.type`, v.type);
          await rename(`${file}.tmp`, file);
          return v;
        })();
        if (!allowPrivate) inflight.set(key, job);
        void job.catch(() => undefined).finally(() => inflight.delete(key));
      }
      try {
        const v = await job;
        if ('redirect' in v) return reply.redirect(v.redirect, 302);
        return reply.header('cache-control', 'public, max-age=604800').type(v.type).send(v.body);
      } catch (err) {
        const message = err instanceof Error ? err.message : 'failed';
        if (message === 'private address refused') return reply.code(400).send({ error: message });
        req.log.debug({ url: u, message }, 'media cache failed');
        return reply.code(502).send({ error: 'media unavailable' });
      }
    },
  );
}
