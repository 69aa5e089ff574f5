import { unlink } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUploadableMime } from '@swell/cache-protocol';
import type { ServerContext } from '../context.ts';
import { refusePublishedToken } from '../auth/user-request.ts';
import { checkBlossomAuth, type BlossomAuth, type BlossomVerb } from '../media/blossom-auth.ts';
import { NOT_MEDIA, sniffHead } from '../media/media-sniff.ts';
import { RECEIVE_RESERVATION_SECONDS, type StoredMedia } from '../media/media-store.ts';
import { blossomUrl, posterUrl, requestBaseUrl } from '../media/media-urls.ts';
import { receiveToFile, UploadRefused } from '../media/receive-file.ts';
import { mediaHeaders, notFound, sendStoredMedia } from './media-files.ts';

const HEX64 = /^[0-9a-f]{64}$/;
/** `/<sha256>` and `/<sha256>.<ext>` (two routes: one regex with an optional part is refused). */
const BLOB_ROUTES = [
  '/:blob(^[0-9a-fA-F]{64}$)',
  '/:blob(^[0-9a-fA-F]{64}).:ext(^[A-Za-z0-9]{1,10}$)',
];

/** A Blossom blob descriptor (BUD-02), with NIP-94 tags (BUD-08). */
export interface BlobDescriptor {
  url: string;
  sha256: string;
  size: number;
  type: string;
  uploaded: number;
  nip94: string[][];
}

export function blobDescriptor(
  baseUrl: string,
  media: StoredMedia,
  uploaded: number,
): BlobDescriptor {
  const url = blossomUrl(baseUrl, media.sha256, media.ext);
  const nip94 = [
    ['url', url],
    ['m', media.mime],
    ['x', media.sha256],
    ['ox', media.sha256],
    ['size', String(media.size)],
  ];
  if (media.width && media.height) nip94.push(['dim', `${media.width}x${media.height}`]);
  if (media.duration !== null) nip94.push(['duration', String(media.duration)]);
  if (media.poster) nip94.push(['thumb', posterUrl(baseUrl, media.sha256)]);
  return { url, sha256: media.sha256, size: media.size, type: media.mime, uploaded, nip94 };
}

/** An error answer: status, `X-Reason` (BUD-01) and the same text in a JSON body. */
function refuse(reply: FastifyReply, status: number, reason: string): FastifyReply {
  return mediaHeaders(reply).code(status).header('x-reason', reason).send({ error: reason });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The Blossom server (BUD-01, 02, 06, 11, 12) at the root of the site: `PUT /upload`,
 * `HEAD /upload` (preflight), `GET`/`HEAD /<sha256>[.ext]`, `DELETE /<sha256>`,
 * `GET /list/<pubkey>`. Uploads need a kind 24242 authorization with the `upload` verb and the
 * blob's hash in an `x` tag; bodies are streamed to disk, typed from their bytes (pictures and
 * video only) and stored once per hash. Listing and deleting need the owner's authorization.
 */
export function registerBlossom(app: FastifyInstance, ctx: ServerContext): void {
  const media = ctx.media;
  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  const baseUrl = (req: FastifyRequest) => requestBaseUrl(req, fallbackHost);
  /**
   * The request's authorization (BUD-11), never one that was published: a kind 24242 sent to
   * /relay reaches every subscriber (auth/user-request.ts). Reusable until it expires, as
   * BUD-11 means it to be.
   */
  const authorize = async (req: FastifyRequest, verb: BlossomVerb): Promise<BlossomAuth> => {
    const now = nowSeconds();
    const auth = checkBlossomAuth(header(req, 'authorization'), verb, {
      now,
      host: req.host || undefined,
    });
    if (!auth.ok) return auth;
    const published = await refusePublishedToken(auth.event, ctx, now);
    return published ? { ok: false, reason: published } : auth;
  };

  void app.register(async (scope) => {
    // Bodies are read by the upload handler as a stream, never buffered by a parser.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.addHook('onRequest', async (_req, reply) => {
      reply
        .header('access-control-allow-origin', '*')
        .header('access-control-expose-headers', 'X-Reason, Content-Length, Content-Range');
    });

    const preflight = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(204)
        .header('access-control-allow-headers', 'Authorization, *')
        .header('access-control-allow-methods', 'GET, HEAD, PUT, DELETE')
        .header('access-control-max-age', '86400')
        .send();
    scope.options('/upload', preflight);
    scope.options('/list/:pubkey', preflight);
    for (const route of BLOB_ROUTES) {
      scope.options(route, preflight);
      scope.get<{ Params: { blob: string } }>(route, getBlob);
      scope.delete<{ Params: { blob: string } }>(route, deleteBlob);
    }

    async function getBlob(req: FastifyRequest<{ Params: { blob: string } }>, reply: FastifyReply) {
      const stored = await media.get(req.params.blob.toLowerCase());
      if (!stored) return notFound(reply);
      return sendStoredMedia(req, reply, media, stored);
    }

    async function deleteBlob(
      req: FastifyRequest<{ Params: { blob: string } }>,
      reply: FastifyReply,
    ) {
      const sha = req.params.blob.toLowerCase();
      const auth = await authorize(req, 'delete');
      if (!auth.ok) return refuse(reply, 401, auth.reason);
      if (!auth.hashes.has(sha))
        return refuse(reply, 401, 'authorization has no x tag for this blob');
      if (await media.remove(auth.pubkey, sha)) return reply.code(204).send();
      if (await media.get(sha)) return refuse(reply, 403, 'this blob was not uploaded by you');
      return notFound(reply);
    }

    scope.get<{
      Params: { pubkey: string };
      Querystring: { cursor?: string; limit?: string; since?: string; until?: string };
    }>('/list/:pubkey', async (req, reply) => {
      const pubkey = req.params.pubkey.toLowerCase();
      if (!HEX64.test(pubkey)) return refuse(reply, 400, 'pubkey must be 64 hex characters');
      const q = req.query;
      const int = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
      const limit = int(q.limit) ?? 100;
      const since = int(q.since);
      const until = int(q.until);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        return refuse(reply, 400, 'limit must be 1 to 1000');
      if ([since, until].some((v) => v !== undefined && !Number.isInteger(v)))
        return refuse(reply, 400, 'since and until must be unix seconds');
      const cursor = q.cursor?.toLowerCase();
      if (cursor !== undefined && !HEX64.test(cursor))
        return refuse(reply, 400, 'cursor must be a sha256');
      const auth = await authorize(req, 'list');
      if (!auth.ok) return refuse(reply, 401, auth.reason);
      if (auth.pubkey !== pubkey)
        return refuse(reply, 403, "only the owner may list a user's blobs");
      const rows = await media.list(pubkey, { cursor, limit, since, until });
      const base = baseUrl(req);
      return reply.send(rows.map((r) => blobDescriptor(base, r, r.uploaded_at)));
    });

    scope.head('/upload', async (req, reply) => {
      const sha = header(req, 'x-sha-256')?.toLowerCase();
      if (!sha || !HEX64.test(sha))
        return refuse(reply, 400, 'X-SHA-256 must be 64 hex characters');
      const lengthHeader = header(req, 'x-content-length');
      if (lengthHeader === undefined) return refuse(reply, 411, 'X-Content-Length is required');
      const length = Number(lengthHeader);
      if (!Number.isSafeInteger(length) || length < 0)
        return refuse(reply, 400, 'X-Content-Length must be a byte count');
      const type = header(req, 'x-content-type')?.split(';')[0]?.trim();
      if (type && !isUploadableMime(type)) return refuse(reply, 415, NOT_MEDIA);
      const auth = await authorize(req, 'upload');
      if (!auth.ok) return refuse(reply, 401, auth.reason);
      if (!auth.hashes.has(sha))
        return refuse(reply, 401, 'authorization has no x tag for this blob');
      try {
        await media.checkAllowance(auth.pubkey, sha, length);
      } catch (err) {
        if (err instanceof UploadRefused) return refuse(reply, err.status, err.message);
        throw err;
      }
      return reply.code(200).send();
    });

    scope.put('/upload', async (req, reply) => {
      // Refusals before the body is read close the connection: its bytes are not wanted.
      const early = (status: number, reason: string) =>
        refuse(reply.header('connection', 'close'), status, reason);
      const auth = await authorize(req, 'upload');
      if (!auth.ok) return early(401, auth.reason);
      if (auth.hashes.size === 0)
        return early(401, 'authorization needs an x tag with the blob hash');
      const declared = header(req, 'x-sha-256')?.toLowerCase();
      if (declared !== undefined && !HEX64.test(declared))
        return early(400, 'X-SHA-256 must be 64 hex characters');
      if (declared && !auth.hashes.has(declared))
        return early(401, 'authorization has no x tag for this blob');
      const lengthHeader = header(req, 'content-length');
      const length = lengthHeader === undefined ? undefined : Number(lengthHeader);
      if (length !== undefined && !(Number.isSafeInteger(length) && length >= 0))
        return early(400, 'Content-Length must be a byte count');
      const tmp = media.tempFile();
      // The room is reserved before a byte is kept (the declared length, or as much as the
      // user may store when the body comes without one), so uploads sent at once cannot
      // together exceed the quota (media/upload-reservations.ts).
      let reservation: string | null = null;
      try {
        const held = await media.reserve(
          auth.pubkey,
          length ?? 'up-to-file-limit',
          RECEIVE_RESERVATION_SECONDS,
          declared,
        );
        reservation = held.id;
        const limits = held.limits;
        const bounded = held.id !== null && held.bytes < limits.maxFileBytes;
        const received = await receiveToFile(req.raw, tmp, {
          maxBytes: bounded ? held.bytes : limits.maxFileBytes,
          tooLargeReason:
            length === undefined && bounded
              ? 'storage full: the body is larger than the room left for your uploads'
              : length !== undefined
                ? 'the body is longer than its Content-Length'
                : media.tooLargeReason(limits),
          ...(length === undefined && bounded ? { tooLargeStatus: 429 } : {}),
          async checkHead(head) {
            if (!(await sniffHead(head))) throw new UploadRefused(415, NOT_MEDIA);
          },
        });
        if (received.size === 0) throw new UploadRefused(400, 'empty body');
        if (declared && received.sha256 !== declared)
          throw new UploadRefused(409, 'X-SHA-256 does not match the body');
        if (!auth.hashes.has(received.sha256))
          throw new UploadRefused(401, 'authorization has no x tag for this blob');
        const done = await media.accept(tmp, {
          pubkey: auth.pubkey,
          sha256: received.sha256,
          size: received.size,
          origin: 'blossom',
          reservation,
        });
        return mediaHeaders(reply)
          .code(done.created ? 201 : 200)
          .send(blobDescriptor(baseUrl(req), done.media, done.uploadedAt));
      } catch (err) {
        if (err instanceof UploadRefused) {
          if (!req.raw.complete) reply.header('connection', 'close');
          return refuse(reply, err.status, err.message);
        }
        // The client went away mid-body: nothing to answer, nothing kept.
        if (req.raw.destroyed || !req.raw.complete) return refuse(reply, 400, 'upload interrupted');
        throw err;
      } finally {
        await unlink(tmp).catch(() => undefined);
        await media.reservations.release(reservation);
      }
    });
  });
}
