import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { FetchGuard, type FetchTarget } from './fetch-guard.ts';

/** What a POST was answered: the status and the headers a sender acts on. */
export interface PostAnswer {
  status: number;
  /** Retry-After, as sent (seconds or an HTTP date). */
  retryAfter: string | undefined;
}

export interface PostOptions {
  headers: Record<string, string | number>;
  body: Buffer;
  signal: AbortSignal;
}

/**
 * A POST to a checked target over its pinned address (no DNS lookup of its own, no connection
 * reuse). The answer's body is read and dropped (at most 64 KiB, then the connection is cut):
 * a push service's answer carries nothing a sender needs beyond its status.
 */
export function pinnedPost(target: FetchTarget, opts: PostOptions): Promise<PostAnswer> {
  const { url } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: FetchGuard.lookupFor(target),
        family: target.family,
        signal: opts.signal,
        headers: opts.headers,
      },
      (res) => {
        const retry = res.headers['retry-after'];
        const answer = {
          status: res.statusCode ?? 0,
          retryAfter: Array.isArray(retry) ? retry[0] : retry,
        };
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > 64 * 1024) {
            req.destroy();
            resolve(answer);
          }
        });
        res.on('end', () => resolve(answer));
        res.on('error', () => resolve(answer));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
