import { ZapError } from './zap-error.ts';

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

export interface HttpOptions {
  /** `fetch` by default. */
  fetch?: FetchLike;
  signal?: AbortSignal;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
}

/**
 * GETs JSON from an LNURL service. LNURL services answer errors as `{status: "ERROR", reason}`,
 * often with a 4xx status: such a body is returned for the caller to read the reason. Throws a
 * `ZapError` (`lnurl_failed` or `aborted`) when there is no JSON to read.
 */
export async function fetchLnurlJson(url: string, options: HttpOptions = {}): Promise<unknown> {
  const doFetch = options.fetch ?? ((u, init) => fetch(u, init));
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await doFetch(url, { signal });
  } catch (err) {
    if (options.signal?.aborted) throw new ZapError('aborted', 'The zap was cancelled.');
    const host = safeHost(url);
    const why = timeout.aborted ? 'no answer in time' : 'unreachable';
    throw new ZapError('lnurl_failed', `The lightning service ${host} is ${why}.`, { cause: err });
  }
  try {
    return await response.json();
  } catch (err) {
    throw new ZapError(
      'lnurl_failed',
      `The lightning service ${safeHost(url)} answered ${response.status} without JSON.`,
      { cause: err },
    );
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'service';
  }
}
