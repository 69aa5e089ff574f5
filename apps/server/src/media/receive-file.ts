import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_HEAD_BYTES } from './media-sniff.ts';

/** Why a received body was refused (an HTTP status and a reason for `X-Reason`). */
export class UploadRefused extends Error {
  readonly status: number;
  constructor(status: number, reason: string) {
    super(reason);
    this.name = 'UploadRefused';
    this.status = status;
  }
}

export interface ReceiveOptions {
  /** More bytes than this: refused (413, or `tooLargeStatus`) as soon as they arrive. */
  maxBytes: number;
  tooLargeReason: string;
  tooLargeStatus?: number;
  /**
   * Called once with the first bytes (SNIFF_HEAD_BYTES, or the whole body when shorter); throws
   * an UploadRefused to stop the transfer early (a body that is not media).
   */
  checkHead?(head: Buffer): Promise<void>;
}

export interface ReceivedFile {
  sha256: string;
  size: number;
}

/**
 * Streams a body into `file` (created, never overwritten) while hashing and counting it. Memory
 * stays at a few stream buffers whatever the size. On any failure the partial file is removed
 * and the error is rethrown; the body stream is left open (unread) for the caller to answer.
 */
export async function receiveToFile(
  body: Readable,
  file: string,
  opts: ReceiveOptions,
): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer[] | undefined = opts.checkHead ? [] : undefined;
  let headBytes = 0;
  const checkHead = async () => {
    if (!head) return;
    const bytes = Buffer.concat(head);
    head = undefined;
    await opts.checkHead!(bytes);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      size += chunk.length;
      if (size > opts.maxBytes) {
        callback(new UploadRefused(opts.tooLargeStatus ?? 413, opts.tooLargeReason));
        return;
      }
      hash.update(chunk);
      if (head) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_HEAD_BYTES) {
          checkHead().then(
            () => callback(null, chunk),
            (err: unknown) => callback(err as Error),
          );
          return;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      checkHead().then(
        () => callback(),
        (err: unknown) => callback(err as Error),
      );
    },
  });
  try {
    // The body is read, never destroyed, on failure: the caller still answers on its socket.
    const source = body.iterator({ destroyOnReturn: false });
    await pipeline(source, meter, createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await unlink(file).catch(() => undefined);
    throw err;
  }
  return { sha256: hash.digest('hex'), size };
}
