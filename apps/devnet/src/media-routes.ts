import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import {
  MEDIA_KEY,
  mediaMime,
  mediaSvg,
  SHORT_VIDEO_FILE,
  VIDEO_FILE,
  type MediaKind,
} from './media.ts';

const CACHE_LIMIT = 400;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the demo network's pictures (drawn from the URL's key, rendered by sharp, kept in a
 * small in-memory cache) and its videos (two real MP4s, landscape under `video/` and portrait
 * under `short/`, with byte ranges for seeking).
 */
export function registerMediaRoutes(app: FastifyInstance): void {
  const cache = new Map<string, Promise<Buffer>>();
  const render = (kind: MediaKind, key: string): Promise<Buffer> => {
    const id = `${kind}/${key}`;
    let hit = cache.get(id);
    if (!hit) {
      const image = sharp(Buffer.from(mediaSvg(kind, key)));
      hit = (kind === 'avatar' ? image.png() : image.jpeg({ quality: 80 })).toBuffer();
      hit.catch(() => cache.delete(id));
      cache.set(id, hit);
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    }
    return hit;
  };

  const handler = async (
    req: FastifyRequest<{ Params: { kind: string; file: string } }>,
    reply: FastifyReply,
  ) => {
    const { kind, file } = req.params;
    const m = /^([0-9a-f]+)\.(png|jpg|mp4)$/.exec(file);
    if (!m || !MEDIA_KEY.test(m[1]!)) return reply.code(404).send({ error: 'not found' });
    if ((kind === 'video' || kind === 'short') && m[2] === 'mp4')
      return sendVideo(kind === 'short' ? SHORT_VIDEO_FILE : VIDEO_FILE, req.headers.range, reply);
    if (kind !== 'avatar' && kind !== 'banner' && kind !== 'image')
      return reply.code(404).send({ error: 'not found' });
    const body = await render(kind, m[1]!);
    return reply.header('cache-control', IMMUTABLE).type(mediaMime(kind)).send(body);
  };
  // The plain path, and the same under `http:` / `https:` segments (see `mediaRoot`; `::` is an
  // escaped colon in a route).
  for (const path of [
    '/devnet/media/:kind/:file',
    '/devnet/http::/devnet/media/:kind/:file',
    '/devnet/https::/devnet/media/:kind/:file',
  ]) {
    app.get<{ Params: { kind: string; file: string } }>(path, handler);
  }

  const videos = new Map<string, Buffer>();
  const sendVideo = (file: URL, range: string | undefined, reply: FastifyReply) => {
    let video = videos.get(file.href);
    if (!video) videos.set(file.href, (video = readFileSync(file)));
    reply.header('accept-ranges', 'bytes').header('cache-control', IMMUTABLE).type('video/mp4');
    const r = range ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
    if (!r || (r[1] === '' && r[2] === '')) return reply.send(video);
    const size = video.length;
    let start = r[1] === '' ? size - Number(r[2]) : Number(r[1]);
    let end = r[1] === '' || r[2] === '' ? size - 1 : Number(r[2]);
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end) return reply.code(416).header('content-range', `bytes */${size}`).send();
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .send(video.subarray(start, end + 1));
  };
}
