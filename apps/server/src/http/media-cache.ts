import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { ServerContext } from '../context.ts';
import { FetchRefused } from '../net/fetch-guard.ts';
import { checkPublicTarget, guardedGet } from '../net/outbound.ts';
import { mayFetchPrivate } from '../net/private-fetch.ts';
import { fetchParam } from './link-preview.ts';
import { Slots, SlotsFull } from '../net/slots.ts';
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

/** Largest image decoded (pixels of one frame): 40 Mpx, e.g. 8000 x 5000. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Image decodes run on libvips' threads; a few at once, a short waiting line, 503 beyond. */
const decodes = new Slots(Math.max(1, availableParallelism() - 1), 32);

class NotAnImage extends Error {}

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
  const meta = await sharp(input, {
    animated: false,
    limitInputPixels: MAX_INPUT_PIXELS,
  }).metadata();
  const multiFrame = (meta.pages ?? 1) > 1;
  const keepAnimation = animated && multiFrame;
  let img = sharp(input, { animated: keepAnimation, limitInputPixels: MAX_INPUT_PIXELS }).rotate();
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
 * The image is fetched through the fetch guard (this server's own URLs, such as the devnet's demo
 * media, are answered in-process); anything that is not an image is refused with 415 (never a
 * redirect: the endpoint must not send browsers to arbitrary URLs). Decodes are bounded.
 */
export function registerMediaCache(app: FastifyInstance, ctx: ServerContext): void {
  const dir = join(ctx.config.dataDir, 'media-cache');
  mkdirSync(dir, { recursive: true });
  const inflight = new Map<string, Promise<Variant>>();

  app.get<{ Querystring: { s?: string; a?: string; u?: string } }>(
    '/media-cache',
    async (req, reply) => {
      const { s = 'o', a = '1' } = req.query;
      if (!(s in VARIANT_WIDTHS) || (a !== '0' && a !== '1'))
        return reply.code(400).send({ error: 's must be o|s|m|l and a 0|1' });
      const own = await ownUpload(ctx.media, req.query.u, requestHosts(req));
      if (own) {
        // Variants of this server's own uploads are decoded within the same bound.
        const boundedVariant = (input: Buffer | string, size: string, animated: boolean) =>
          decodes.run(() => makeVariant(input, size, animated));
        try {
          return await sendOwnVariant(
            reply,
            ctx.media,
            own,
            s,
            a === '1',
            req.query.u!,
            boundedVariant,
          );
        } catch (err) {
          if (err instanceof SlotsFull)
            return reply.code(503).header('retry-after', '5').send({ error: 'busy, try again' });
          throw err;
        }
      }
      const u = fetchParam(req.query.u);
      if (!u) return reply.code(400).send({ error: 'u must be an http(s) URL' });
      // A page on another origin never has private addresses fetched for it (see cors.ts).
      const privateOk = mayFetchPrivate(ctx, req.headers);
      try {
        await checkPublicTarget(ctx.outbound, u, privateOk);
      } catch (err) {
        if (err instanceof FetchRefused) return reply.code(400).send({ error: err.message });
        return reply.code(502).send({ error: 'media unavailable' });
      }
      const key = createHash('sha256').update(`${s}|${a}|${u}`).digest('hex');
      const file = join(dir, key);
      try {
        const [type, body] = await Promise.all([readFile(`${file}.type`, 'utf8'), readFile(file)]);
        return reply.header('cache-control', 'public, max-age=604800').type(type).send(body);
      } catch {
        // not cached yet
      }
      const jobKey = privateOk ? key : `public-only ${key}`;
      let job = inflight.get(jobKey);
      if (!job) {
        job = (async () => {
          const fetched = await guardedGet(ctx.outbound, u, mediaCacheLimits, 'image/*,*/*;q=0.5', {
            privateOk,
          });
          if (!fetched.contentType.toLowerCase().startsWith('image/'))
            throw new NotAnImage('not an image');
          const v = await decodes.run(() => makeVariant(fetched.body, s, a === '1'));
          await writeFile(`${file}.tmp`, v.body);
          await writeFile(`${file}.type`, v.type);
          await rename(`${file}.tmp`, file);
          return v;
        })();
        inflight.set(jobKey, job);
        void job.catch(() => undefined).finally(() => inflight.delete(jobKey));
      }
      try {
        const v = await job;
        return reply.header('cache-control', 'public, max-age=604800').type(v.type).send(v.body);
      } catch (err) {
        const message = err instanceof Error ? err.message : 'failed';
        if (err instanceof FetchRefused) return reply.code(400).send({ error: message });
        if (err instanceof NotAnImage) return reply.code(415).send({ error: message });
        if (err instanceof SlotsFull) {
          return reply.code(503).header('retry-after', '5').send({ error: 'busy, try again' });
        }
        req.log.debug({ url: u, message }, 'media cache failed');
        return reply.code(502).send({ error: 'media unavailable' });
      }
    },
  );
}
