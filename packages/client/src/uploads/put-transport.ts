/**
 * Sending a file with an HTTP request while reporting the bytes sent. Two ways, chosen by what
 * the runtime can do:
 * - browsers: XMLHttpRequest, whose `upload.onprogress` reports bytes as they leave. fetch
 *   cannot do it there: a streaming request body needs HTTP/2 in Chromium and does not exist in
 *   Firefox or Safari, and a Blob body gives no progress at all;
 * - elsewhere (Node, workers without XHR): fetch with a ReadableStream body (`duplex: 'half'`)
 *   that reads the file 256 KB at a time; progress counts the bytes the transport has pulled,
 *   which runs ahead of the wire by no more than the socket's buffers.
 * Both stream from the Blob: the file is never copied whole into memory.
 */

export interface HttpAnswer {
  status: number;
  header(name: string): string | null;
  /** The body as text ('' when none). */
  text: string;
}

export interface SendOptions {
  method: string;
  headers: Record<string, string>;
  body?: Blob;
  signal?: AbortSignal;
  /** Bytes of the body sent so far (a running total). */
  onSent?: (bytes: number) => void;
}

/** Thrown when the request could not be made or its answer never came (not an HTTP status). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

export type HttpSend = (url: string, opts: SendOptions) => Promise<HttpAnswer>;

const STREAM_SLICE = 256 * 1024;

function blobStream(blob: Blob, onSent?: (bytes: number) => void): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= blob.size) {
        controller.close();
        return;
      }
      const end = Math.min(blob.size, offset + STREAM_SLICE);
      const bytes = new Uint8Array(await blob.slice(offset, end).arrayBuffer());
      offset = end;
      controller.enqueue(bytes);
      onSent?.(offset);
    },
  });
}

/** fetch with a streamed body (Node and other runtimes with streaming request bodies). */
export const sendWithFetch: HttpSend = async (url, opts) => {
  const init: RequestInit & { duplex?: 'half' } = {
    method: opts.method,
    headers: { ...opts.headers },
    signal: opts.signal,
  };
  if (opts.body) {
    init.body = blobStream(opts.body, opts.onSent);
    init.duplex = 'half';
    (init.headers as Record<string, string>)['content-length'] = String(opts.body.size);
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    opts.signal?.throwIfAborted();
    throw new NetworkError(err instanceof Error ? err.message : String(err), { cause: err });
  }
  const text = await res.text().catch(() => '');
  return { status: res.status, header: (n) => res.headers.get(n), text };
};

/** XMLHttpRequest, for byte-accurate upload progress in browsers. */
export const sendWithXhr: HttpSend = (url, opts) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method, url);
    for (const [k, v] of Object.entries(opts.headers)) xhr.setRequestHeader(k, v);
    if (opts.onSent) {
      const onSent = opts.onSent;
      xhr.upload.onprogress = (e) => onSent(e.loaded);
    }
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        header: (n) => xhr.getResponseHeader(n),
        text: typeof xhr.responseText === 'string' ? xhr.responseText : '',
      });
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError('network error'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(opts.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    };
    xhr.send(opts.body ?? null);
  });

/** XHR where it exists (browsers), fetch with a streamed body elsewhere. */
export function defaultHttpSend(): HttpSend {
  return typeof XMLHttpRequest === 'function' ? sendWithXhr : sendWithFetch;
}
