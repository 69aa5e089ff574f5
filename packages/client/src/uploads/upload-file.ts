import type { Clock } from '../clock.ts';
import type { CacheConnection } from '../cache/cache-connection.ts';
import type { SignEvent } from './blossom-auth.ts';
import { putToBlossom, ServerRefusal, type BlobDescriptor } from './blossom-upload.ts';
import { CacheUploadRefused, uploadThroughCache } from './cache-upload.ts';
import { sha256OfBlob } from './file-hash.ts';
import { imageFacts, type DecodeImage } from './image-facts.ts';
import { imetaTag } from './imeta.ts';
import { ProgressMeter } from './progress-meter.ts';
import { defaultHttpSend, type HttpSend } from './put-transport.ts';
import { UploadError } from './upload-error.ts';
import { fileNameOf, precheckUpload, type UploadSource } from './upload-precheck.ts';

export type UploadPhase = 'checking' | 'hashing' | 'uploading' | 'processing';

/** Progress of one upload, reported as it goes. */
export interface UploadProgress {
  phase: UploadPhase;
  /** Bytes of the file sent (uploading) or read (hashing). */
  bytes: number;
  totalBytes: number;
  /** Bytes per second over the last seconds (0 until known). */
  rate: number;
  /** Seconds left at that rate; null until known. */
  secondsLeft: number | null;
  /** The server being tried (base URL), when uploading. */
  server?: string;
}

export interface UploadOptions {
  /** Signs for the user (the app passes `signer.signEvent`). */
  sign: SignEvent;
  /** The uploader's public key (needed by the cache path). */
  pubkey: string;
  /** Blossom servers in order (`uploadServers(kind10063, ownServer)`); the first that takes it wins. */
  servers: readonly string[];
  /** 'cache': the cache protocol's chunked upload over `cache` instead of Blossom. */
  via?: 'blossom' | 'cache';
  cache?: Pick<CacheConnection, 'request'>;
  /** Membership tier for the size limit (regular unless premium / premium-legend). */
  tier?: string;
  /** Overrides the tier's per-file limit, in bytes. */
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  /** Extra attempts per server on network errors and 5xx (default 2). */
  retries?: number;
  retryDelayMs?: number;
  /** How requests are sent (default: XHR in browsers, streamed fetch elsewhere). */
  send?: HttpSend;
  /** Picture decoder for size and blurhash (default: the browser's; none in Node). */
  decodeImage?: DecodeImage;
  clock?: Clock;
}

/** An uploaded file: where it is and what an `imeta` tag says of it. */
export interface UploadResult {
  url: string;
  sha256: string;
  mime: string;
  size: number;
  width?: number;
  height?: number;
  /** Seconds (video, when the server measured it). */
  duration?: number;
  /** Computed in the client from the decoded picture. */
  blurhash?: string;
  /** A video's poster frame, when the server made one. */
  thumb?: string;
  /** The Blossom server (base URL) or 'cache'. */
  server: string;
  via: 'blossom' | 'cache';
  /** The `imeta` tag to add to a note that shows this file. */
  imeta: string[];
}

function nip94Value(d: BlobDescriptor | undefined, name: string): string | undefined {
  return d?.nip94?.find((t) => t[0] === name)?.[1];
}

/**
 * Uploads one picture or video: checks size and type before sending anything, hashes it, sends
 * it to the first Blossom server that takes it (falling back to the next on refusal or failure)
 * or through the cache's chunked upload, and returns the URL with the facts of an `imeta` tag
 * (dimensions and blurhash from the client's decoder, or the server's NIP-94 tags). Rejects with
 * an UploadError: `file-too-big`, `unsupported-type`, `upload-failed` (reason: the last
 * server's), `cancelled`.
 */
export async function uploadFile(file: UploadSource, opts: UploadOptions): Promise<UploadResult> {
  const name = fileNameOf(file);
  const total = file.size;
  const meter = new ProgressMeter({ clock: opts.clock });
  let phase: UploadPhase = 'checking';
  let server: string | undefined;
  const report = (bytes: number) => {
    meter.record(bytes);
    opts.onProgress?.({
      phase,
      bytes,
      totalBytes: total,
      rate: meter.rate(),
      secondsLeft: meter.secondsLeft(total),
      server,
    });
  };
  const enter = (next: UploadPhase, announce = true) => {
    phase = next;
    meter.reset();
    if (announce) report(0);
  };
  const cancelled = (err: unknown) => new UploadError('cancelled', name, { cause: err });

  try {
    enter('checking');
    const checked = await precheckUpload(file, { tier: opts.tier, maxBytes: opts.maxBytes });
    opts.signal?.throwIfAborted();
    // The blob sent carries the sniffed type (a File's own type comes from its name).
    const blob = new Blob([file], { type: checked.mime });
    const facts = checked.mime.startsWith('image/')
      ? imageFacts(blob, opts.decodeImage).catch(() => undefined)
      : Promise.resolve(undefined);
    enter('hashing');
    const sha256 = await sha256OfBlob(blob, { signal: opts.signal, onProgress: report });

    let url: string | undefined;
    let descriptor: BlobDescriptor | undefined;
    let lastReason = 'no upload server';
    // Announced per server (a Blossom server reports 0 once its preflight passed).
    enter('uploading', false);
    if (opts.via === 'cache') {
      if (!opts.cache)
        throw new UploadError('upload-failed', name, { reason: 'no cache connection' });
      server = 'cache';
      report(0);
      try {
        url = await uploadThroughCache({
          cache: opts.cache,
          blob,
          sha256,
          pubkey: opts.pubkey,
          sign: opts.sign,
          signal: opts.signal,
          onSent: report,
        });
      } catch (err) {
        opts.signal?.throwIfAborted();
        lastReason = err instanceof CacheUploadRefused ? err.notice : String(err);
      }
    } else {
      const send = opts.send ?? defaultHttpSend();
      for (const candidate of opts.servers) {
        server = candidate;
        meter.reset();
        try {
          descriptor = await putToBlossom({
            server: candidate,
            blob,
            sha256,
            mime: checked.mime,
            sign: opts.sign,
            send,
            signal: opts.signal,
            onSent: report,
            retries: opts.retries,
            retryDelayMs: opts.retryDelayMs,
          });
          url = descriptor.url;
          break;
        } catch (err) {
          opts.signal?.throwIfAborted();
          lastReason = err instanceof ServerRefusal ? err.message : String(err);
        }
      }
    }
    if (!url) throw new UploadError('upload-failed', name, { reason: lastReason });

    enter('processing');
    const image = await facts;
    const dim = /^(\d+)x(\d+)$/.exec(nip94Value(descriptor, 'dim') ?? '');
    const durationTag = nip94Value(descriptor, 'duration');
    const result: Omit<UploadResult, 'imeta'> = {
      url,
      sha256,
      mime: checked.mime,
      size: total,
      width: image?.width ?? (dim ? Number(dim[1]) : undefined),
      height: image?.height ?? (dim ? Number(dim[2]) : undefined),
      duration: durationTag !== undefined ? Number(durationTag) : undefined,
      blurhash: image?.blurhash,
      thumb: nip94Value(descriptor, 'thumb'),
      server: server ?? '',
      via: opts.via === 'cache' ? 'cache' : 'blossom',
    };
    return { ...result, imeta: imetaTag(result) };
  } catch (err) {
    if (opts.signal?.aborted) throw cancelled(err);
    if (err instanceof UploadError) throw err;
    throw new UploadError('upload-failed', name, { reason: String(err), cause: err });
  }
}
