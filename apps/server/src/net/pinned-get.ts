import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { FetchGuard, type FetchTarget } from './fetch-guard.ts';

/** One HTTP answer, body read up to a cap. */
export interface HopAnswer {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
  /** The body was longer than the cap and was cut there. */
  truncated: boolean;
}

export interface HopOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
  maxBytes: number;
}

function decoded(res: IncomingMessage): Readable {
  const enc = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (enc === 'gzip' || enc === 'x-gzip') return res.pipe(createGunzip());
  if (enc === 'deflate') return res.pipe(createInflate());
  if (enc === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

/**
 * A GET to a checked target over its pinned address (no DNS lookup of its own), no connection
 * reuse, the decoded body read up to `maxBytes` (decompression counts decoded bytes, so a
 * compressed bomb stops at the cap). Redirects are not followed: the caller checks the next hop.
 */
export function pinnedGet(target: FetchTarget, opts: HopOptions): Promise<HopAnswer> {
  const { url } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: FetchGuard.lookupFor(target),
        family: target.family,
        signal: opts.signal,
        headers: { 'accept-encoding': 'gzip, deflate, br', ...opts.headers },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        const contentType = String(res.headers['content-type'] ?? '');
        if ((status >= 300 && status < 400) || status < 200 || status >= 300) {
          res.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0), truncated: false });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const stream = decoded(res);
        const finish = (truncated: boolean) => {
          if (done) return;
          done = true;
          resolve({ status, location, contentType, body: Buffer.concat(chunks), truncated });
        };
        stream.on('data', (chunk: Buffer) => {
          if (done) return;
          const room = opts.maxBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, Math.max(0, room)));
            size = opts.maxBytes;
            finish(true);
            req.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        stream.on('end', () => finish(false));
        stream.on('error', (err) => {
          if (!done) {
            done = true;
            reject(err);
          }
        });
        res.on('error', (err) => {
          if (!done) {
            done = true;
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
