import { rawResultEvent, ResultKind, UPLOAD_REQUEST_KIND } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { ChunkedUploads, ChunkRefused } from '../../media/chunked-uploads.ts';
import { mediaFileUrl } from '../../media/media-urls.ts';
import { verifyLargeEvent } from '../../media/verify-request-event.ts';
import { CacheError, type CacheRequest } from '../request.ts';

/** How far a request event's created_at may be from now (the reference signs each one fresh). */
const FRESH_SECONDS = 15 * 60;

/**
 * The signed kind 10000135 request under `event_from_user` and its JSON content. It must be
 * fresh: an old chunk event of the user replayed later would otherwise start an upload for them.
 */
async function uploadRequest(
  req: CacheRequest,
): Promise<{ event: NostrEvent; content: Record<string, unknown> }> {
  const checked = await verifyLargeEvent(req.payload.event_from_user);
  if (!checked.ok) throw new CacheError(`invalid event_from_user: ${checked.reason}`);
  const event = checked.event;
  if (event.kind !== UPLOAD_REQUEST_KIND)
    throw new CacheError(`invalid event_from_user: kind must be ${UPLOAD_REQUEST_KIND}`);
  if (Math.abs(event.created_at - req.now) > FRESH_SECONDS)
    throw new CacheError('invalid event_from_user: created_at too far from now');
  let content: unknown;
  try {
    content = JSON.parse(event.content);
  } catch {
    throw new CacheError('invalid event_from_user: content must be JSON');
  }
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    throw new CacheError('invalid event_from_user: content must be a JSON object');
  return { event, content: content as Record<string, unknown> };
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
export async function uploadChunk(req: CacheRequest): Promise<void> {
  const { event, content } = await uploadRequest(req);
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
}

/**
 * `upload_complete {event_from_user}`: content `{upload_id, file_length, sha256}`. The assembled
 * file must have that length and hash (else NOTICE `incorrect sha256`); it is stored once by its
 * hash and answered with 10000121 whose content is the file's URL.
 */
export async function uploadComplete(req: CacheRequest): Promise<void> {
  const { event, content } = await uploadRequest(req);
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
}

/** `upload_cancel {event_from_user}`: content `{upload_id}`; drops the partial file. */
export async function uploadCancel(req: CacheRequest): Promise<void> {
  const { event, content } = await uploadRequest(req);
  await chunkedUploads(req).cancel(event.pubkey, uploadIdOf(content));
}
