import { rawResultEvent, ResultKind, UPLOAD_REQUEST_KIND } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { ChunkedUploads, ChunkRefused } from '../../media/chunked-uploads.ts';
import { mediaFileUrl } from '../../media/media-urls.ts';
import { proven, type RequestProof } from '../proven-command.ts';
import { CacheError, type CacheRequest } from '../request.ts';

/**
 * The signed kind 10000135 request under `event_from_user` of each upload command: the one
 * request check (fresh within 15 minutes, never published, used once: the reference client
 * signs each chunk, and each retry, anew), its id hashed off the event loop (a chunk's content
 * is about 1.4 MB).
 */
export const UPLOAD_REQUEST: RequestProof = {
  fields: ['event_from_user'],
  kind: UPLOAD_REQUEST_KIND,
  windowSeconds: 15 * 60,
  largeContent: true,
};

/** The request's JSON content. */
function contentOf(event: NostrEvent): Record<string, unknown> {
  let content: unknown;
  try {
    content = JSON.parse(event.content);
  } catch {
    throw new CacheError('invalid event_from_user: content must be JSON');
  }
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    throw new CacheError('invalid event_from_user: content must be a JSON object');
  return content as Record<string, unknown>;
}

function whole(content: Record<string, unknown>, field: string, min: number): number {
  const v = content[field];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
    throw new CacheError(`invalid ${field}`);
  return v;
}

function chunkedUploads(req: CacheRequest): ChunkedUploads {
  return req.ctx.media.chunks;
}

async function refusalsAsNotice<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (err) {
    if (err instanceof ChunkRefused) throw new CacheError(err.message);
    throw err;
  }
}

function uploadIdOf(content: Record<string, unknown>): string {
  try {
    return ChunkedUploads.uploadId(content.upload_id);
  } catch (err) {
    throw new CacheError((err as Error).message);
  }
}

/**
 * `upload_chunk {event_from_user}`: content `{upload_id, offset, file_length, data}` with `data`
 * a base64 data URL; written at `offset`, answered with EOSE (a NOTICE makes the client retry the
 * chunk). Content with only `upload_id` cancels the upload (what the reference client sends).
 */
export const uploadChunk = proven(UPLOAD_REQUEST, async (req, event) => {
  const content = contentOf(event);
  const uploadId = uploadIdOf(content);
  if (content.data === undefined && content.offset === undefined) {
    await chunkedUploads(req).cancel(event.pubkey, uploadId);
    return;
  }
  const offset = whole(content, 'offset', 0);
  const fileLength = whole(content, 'file_length', 1);
  if (typeof content.data !== 'string') throw new CacheError('invalid data');
  const data = content.data;
  await refusalsAsNotice(() =>
    chunkedUploads(req).chunk(event.pubkey, uploadId, offset, fileLength, data),
  );
});

/**
 * `upload_complete {event_from_user}`: content `{upload_id, file_length, sha256}`. The assembled
 * file must have that length and hash (else NOTICE `incorrect sha256`); it is stored once by its
 * hash and answered with 10000121 whose content is the file's URL.
 */
export const uploadComplete = proven(UPLOAD_REQUEST, async (req, event) => {
  const content = contentOf(event);
  const uploadId = uploadIdOf(content);
  const fileLength = whole(content, 'file_length', 1);
  const sha256 = content.sha256;
  if (typeof sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(sha256))
    throw new CacheError('incorrect sha256');
  const done = await refusalsAsNotice(() =>
    chunkedUploads(req).complete(event.pubkey, uploadId, fileLength, sha256),
  );
  req.emit(
    rawResultEvent(
      ResultKind.UploadDone,
      mediaFileUrl(req.baseUrl, done.media.sha256, done.media.ext),
    ),
  );
});

/** `upload_cancel {event_from_user}`: content `{upload_id}`; drops the partial file. */
export const uploadCancel = proven(UPLOAD_REQUEST, async (req, event) => {
  await chunkedUploads(req).cancel(event.pubkey, uploadIdOf(contentOf(event)));
});
