import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { hashOfSegment } from '../media/media-urls.ts';
import type { MediaStore, StoredMedia } from '../media/media-store.ts';

/** Headers every uploaded file is served with: anyone may embed it; it never runs as a page. */
export function mediaHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'cross-origin');
}

/** Answers with a file on disk (byte ranges, ETag, HEAD) as `type`. */
async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  root: string,
  relative: string,
  type: string,
): Promise<FastifyReply> {
  const result = await send(req.raw, relative, {
    root,
    contentType: false,
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: false,
    dotfiles: 'deny',
  });
  mediaHeaders(reply);
  if (result.type === 'error') {
    const status = result.statusCode === 404 ? 404 : result.statusCode;
    for (const [k, v] of Object.entries(result.headers)) reply.header(k, v);
    return reply.code(status).header('x-reason', 'blob not found').send({ error: 'not found' });
  }
  reply.code(result.statusCode);
  for (const [k, v] of Object.entries(result.headers)) reply.header(k, v);
  if (result.statusCode < 300 || result.statusCode === 304) {
    reply.header('cache-control', 'public, max-age=31536000, immutable').type(type);
  }
  return reply.send(result.stream);
}

/** Answers with a stored upload (GET or HEAD). */
export async function sendStoredMedia(
  req: FastifyRequest,
  reply: FastifyReply,
  media: MediaStore,
  stored: StoredMedia,
): Promise<FastifyReply> {
  const sha = stored.sha256;
  return sendFile(req, reply, media.blobsDir, `/${sha.slice(0, 2)}/${sha}`, stored.mime);
}

/** A 404 with the reason other Blossom clients show. */
export function notFound(reply: FastifyReply, reason = 'blob not found'): FastifyReply {
  return mediaHeaders(reply).code(404).header('x-reason', reason).send({ error: reason });
}

/**
 * `GET`/`HEAD /media/<sha256>[.<ext>]`: an uploaded file, typed from its sniffed bytes whatever
 * the extension asked; `GET /media/<sha256>/poster.jpg`: a video's poster frame.
 */
export function registerMediaFiles(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
    const sha = hashOfSegment(req.params.file);
    if (!sha) return notFound(reply, 'not a media file name');
    const stored = await ctx.media.get(sha);
    if (!stored) return notFound(reply);
    return sendStoredMedia(req, reply, ctx.media, stored);
  });
  app.get<{ Params: { sha: string } }>('/media/:sha/poster.jpg', async (req, reply) => {
    const sha = hashOfSegment(req.params.sha);
    const stored = sha ? await ctx.media.get(sha) : undefined;
    if (!stored?.poster) return notFound(reply, 'no poster frame');
    return sendFile(req, reply, ctx.media.postersDir, `/${stored.sha256}.jpg`, 'image/jpeg');
  });
}
