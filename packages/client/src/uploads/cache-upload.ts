import { base64 } from '@scure/base';
import { ResultKind, UPLOAD_REQUEST_KIND, uploadChunkSize } from '@swell/cache-protocol';
import type { CacheConnection } from '../cache/cache-connection.ts';
import { CacheError } from '../errors.ts';
import type { SignEvent } from './blossom-auth.ts';

/** Chunks in flight at once (the reference client uses five sockets). */
const PARALLEL = 5;
/** Retries of a chunk answered with NOTICE (the reference: 5). */
const CHUNK_RETRIES = 5;

export interface CacheUploadOptions {
  cache: Pick<CacheConnection, 'request'>;
  blob: Blob;
  sha256: string;
  /** The uploader's public key (`p` tag of each request, as the reference sends it). */
  pubkey: string;
  sign: SignEvent;
  signal?: AbortSignal;
  /** Bytes acknowledged by the server so far. */
  onSent?: (bytes: number) => void;
  /** Upload id (default: a random UUID). */
  uploadId?: string;
}

/** A NOTICE that ended the upload (after the chunk's retries), e.g. `incorrect sha256`. */
export class CacheUploadRefused extends Error {
  readonly notice: string;
  constructor(notice: string) {
    super(notice);
    this.name = 'CacheUploadRefused';
    this.notice = notice;
  }
}

interface NodeBuffer {
  from(bytes: Uint8Array): { toString(encoding: 'base64'): string };
}

/**
 * A chunk as a base64 data URL: the browser's FileReader (native, off the script's path, what
 * the reference client uses), Node's Buffer, else @scure/base (ten times slower on 1 MB).
 */
async function dataUrlOf(chunk: Blob): Promise<string> {
  if (typeof FileReader === 'function') {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
      reader.readAsDataURL(chunk);
    });
  }
  const bytes = new Uint8Array(await chunk.arrayBuffer());
  const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  const b64 = nodeBuffer ? nodeBuffer.from(bytes).toString('base64') : base64.encode(bytes);
  return `data:${chunk.type || 'application/octet-stream'};base64,${b64}`;
}

const noticeOf = (err: unknown): string | undefined =>
  err instanceof CacheError && err.code === 'cache-notice' ? err.notice : undefined;

/**
 * The cache protocol's chunked upload (cache-protocol.md section 8), as the reference client
 * does it: the file in chunks (one under 0.5 MB, 256 KB under 1 MB, 512 KB under 12 MB, else
 * 1 MB), each a freshly signed kind 10000135 event whose content holds the chunk as a base64
 * data URL at its offset, five in flight, a NOTICE retried up to 5 times; then
 * `upload_complete` with the length and hash, answered with the URL (10000121). Cancelling
 * tells the server to drop the partial file. Resolves with the URL.
 */
export async function uploadThroughCache(opts: CacheUploadOptions): Promise<string> {
  const { blob, cache, signal } = opts;
  const uploadId = opts.uploadId ?? crypto.randomUUID();
  const chunkSize = uploadChunkSize(blob.size);
  const offsets: number[] = [];
  for (let o = 0; o < blob.size; o += chunkSize) offsets.push(o);
  const request = async (
    command: 'upload_chunk' | 'upload_complete',
    content: object,
    requestSignal: AbortSignal | undefined = signal,
  ) => {
    const event = await opts.sign({
      kind: UPLOAD_REQUEST_KIND,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['p', opts.pubkey]],
      content: JSON.stringify(content),
    });
    return cache.request(
      command,
      { event_from_user: event },
      { signal: requestSignal, timeoutMs: 60_000 },
    );
  };

  let acknowledged = 0;
  const sendChunk = async (offset: number) => {
    const chunk = blob.slice(offset, offset + chunkSize, blob.type);
    const data = await dataUrlOf(chunk);
    for (let attempt = 0; ; attempt++) {
      try {
        await request('upload_chunk', {
          file_length: blob.size,
          upload_id: uploadId,
          offset,
          data,
        });
        acknowledged += chunk.size;
        opts.onSent?.(acknowledged);
        return;
      } catch (err) {
        signal?.throwIfAborted();
        const notice = noticeOf(err);
        if (attempt >= CHUNK_RETRIES) throw new CacheUploadRefused(notice ?? String(err));
      }
    }
  };

  try {
    let next = 0;
    const worker = async () => {
      while (next < offsets.length) await sendChunk(offsets[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, offsets.length) }, worker));
    let answer;
    try {
      answer = await request('upload_complete', {
        upload_id: uploadId,
        file_length: blob.size,
        sha256: opts.sha256,
      });
    } catch (err) {
      signal?.throwIfAborted();
      throw new CacheUploadRefused(noticeOf(err) ?? String(err));
    }
    const done = answer.events.find((e) => e.kind === ResultKind.UploadDone);
    if (!done || !/^https?:\/\//.test(done.content))
      throw new CacheUploadRefused('the cache answered without a URL');
    return done.content;
  } catch (err) {
    if (signal?.aborted) {
      // Best effort: the server drops the partial file (the reference's cancel shape).
      void request('upload_chunk', { upload_id: uploadId }, undefined).catch(() => undefined);
    }
    throw err;
  }
}
