import { delay } from '../clock.ts';
import { blossomAuthorization, type SignEvent } from './blossom-auth.ts';
import { NetworkError, type HttpAnswer, type HttpSend } from './put-transport.ts';

/** A Blossom blob descriptor (BUD-02), with the NIP-94 tags some servers add (BUD-08). */
export interface BlobDescriptor {
  url: string;
  sha256: string;
  size: number;
  type: string;
  uploaded: number;
  nip94?: string[][];
}

/** A server said no (or failed); `retry` when trying the same server again may help. */
export class ServerRefusal extends Error {
  readonly status: number;
  readonly retry: boolean;
  constructor(status: number, reason: string, retry: boolean) {
    super(reason);
    this.name = 'ServerRefusal';
    this.status = status;
    this.retry = retry;
  }
}

export interface BlossomPutOptions {
  server: string;
  blob: Blob;
  sha256: string;
  /** The sniffed media type, sent as Content-Type (and X-Content-Type in the preflight). */
  mime: string;
  sign: SignEvent;
  send: HttpSend;
  signal?: AbortSignal;
  onSent?: (bytes: number) => void;
  /** Extra attempts on this server after a network error or a 5xx (default 2). */
  retries?: number;
  /** First wait before a retry; doubled each time (default 1000 ms). */
  retryDelayMs?: number;
}

const reasonOf = (a: HttpAnswer) => a.header('x-reason') || `HTTP ${a.status}`;

/** Statuses where the same request may succeed later. */
const transient = (status: number) => status >= 500 || status === 408 || status === 409;

function parseDescriptor(a: HttpAnswer, sha256: string): BlobDescriptor {
  let d: unknown;
  try {
    d = JSON.parse(a.text);
  } catch {
    throw new ServerRefusal(a.status, 'the server answered without a blob descriptor', true);
  }
  const desc = d as Partial<BlobDescriptor>;
  if (typeof desc.url !== 'string' || !/^https?:\/\//.test(desc.url))
    throw new ServerRefusal(a.status, 'the server answered without a blob URL', true);
  if (typeof desc.sha256 === 'string' && desc.sha256.toLowerCase() !== sha256)
    throw new ServerRefusal(a.status, 'the server stored different bytes', true);
  return { ...(desc as BlobDescriptor), sha256 };
}

/**
 * Uploads a blob to one Blossom server: the BUD-06 preflight (`HEAD /upload`: a refusal there
 * costs no bytes; servers without it are simply asked with the upload), then `PUT /upload` with a
 * fresh kind 24242 authorization per attempt, retrying network errors and 5xx answers. Resolves
 * with the blob descriptor; rejects with a ServerRefusal (or the signal's reason).
 */
export async function putToBlossom(opts: BlossomPutOptions): Promise<BlobDescriptor> {
  const base = opts.server.replace(/\/+$/, '');
  const domain = new URL(base).hostname;
  const retries = opts.retries ?? 2;
  let wait = opts.retryDelayMs ?? 1000;
  const auth = () =>
    blossomAuthorization(opts.sign, {
      verb: 'upload',
      hashes: [opts.sha256],
      server: domain,
      content: 'Upload blob',
    });

  for (let attempt = 0; ; attempt++) {
    try {
      const preflight = await opts.send(`${base}/upload`, {
        method: 'HEAD',
        headers: {
          authorization: await auth(),
          'x-sha-256': opts.sha256,
          'x-content-length': String(opts.blob.size),
          'x-content-type': opts.mime,
        },
        signal: opts.signal,
      });
      // 404, 405, 501: no BUD-06 here, the upload itself will tell.
      if (preflight.status >= 400 && ![404, 405, 501].includes(preflight.status)) {
        throw new ServerRefusal(preflight.status, reasonOf(preflight), transient(preflight.status));
      }
      opts.onSent?.(0);
      const answer = await opts.send(`${base}/upload`, {
        method: 'PUT',
        headers: {
          authorization: await auth(),
          'content-type': opts.mime,
          'x-sha-256': opts.sha256,
        },
        body: opts.blob,
        signal: opts.signal,
        onSent: opts.onSent,
      });
      if (answer.status === 200 || answer.status === 201)
        return parseDescriptor(answer, opts.sha256);
      throw new ServerRefusal(answer.status, reasonOf(answer), transient(answer.status));
    } catch (err) {
      opts.signal?.throwIfAborted();
      const refusal =
        err instanceof ServerRefusal
          ? err
          : new ServerRefusal(0, err instanceof NetworkError ? err.message : String(err), true);
      if (!refusal.retry || attempt >= retries) throw refusal;
      await delay(wait, opts.signal);
      opts.signal?.throwIfAborted();
      wait *= 2;
    }
  }
}
