import { FetchRefused, type FetchGuard } from './fetch-guard.ts';
import type { OwnOrigins } from './own-origins.ts';
import { pinnedGet, type HopAnswer } from './pinned-get.ts';
import { Slots } from './slots.ts';

/** Answers a GET for one of this server's own paths in-process (no socket, no DNS). */
export type LocalGet = (
  pathAndQuery: string,
  headers: Record<string, string>,
  maxBytes: number,
) => Promise<HopAnswer>;

/** Everything an outbound fetch needs: the guard, the server's own origins, local answers. */
export interface Outbound {
  guard: FetchGuard;
  own: OwnOrigins;
  /** Set once the HTTP routes exist; own URLs are refused until then. */
  local?: LocalGet;
  /** Fetches running at once (each holds a connection and up to its body cap in memory). */
  slots: Slots;
}

/** Outbound fetches at once, and waiting; more are refused (`SlotsFull`: answered 503). */
export const fetchSlots = (): Slots => new Slots(32, 256);

export interface GetLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** Own paths that fetch on a client's behalf themselves: never answered locally (no loops). */
const FETCHING_PATHS = /^\/(media-cache|link-preview|v1|relay)(\/|$|\?)/;

const USER_AGENT = 'SwellFetch/1.0 (+https://github.com/swell)';

/**
 * GETs a URL for a client: a timeout over all hops, a body cap, manual redirects with every hop
 * checked by the guard (or answered locally when it is one of this server's own URLs, such as
 * the devnet's demo media). `truncateOk`: a body over the cap is cut (HTML, whose metadata is in
 * the head) instead of refused. `privateOk` false: public addresses only, whatever
 * SWELL_ALLOW_PRIVATE_FETCH says (see `mayFetchPrivate`). Throws `FetchRefused` for a refused
 * target and Error otherwise.
 */
export function guardedGet(
  out: Outbound,
  raw: string,
  limits: GetLimits,
  accept: string,
  opts: GetOptions = {},
): Promise<{ url: string; contentType: string; body: Buffer }> {
  return out.slots.run(() => hops(out, raw, limits, accept, opts));
}

export interface GetOptions {
  truncateOk?: boolean;
  privateOk?: boolean;
}

async function hops(
  out: Outbound,
  raw: string,
  limits: GetLimits,
  accept: string,
  { truncateOk = false, privateOk = true }: GetOptions,
): Promise<{ url: string; contentType: string; body: Buffer }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const headers = { 'user-agent': USER_AGENT, accept };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('invalid url');
  }
  for (let hop = 0; ; hop++) {
    let answer: HopAnswer;
    if (out.own.has(url)) {
      const path = `${url.pathname}${url.search}`;
      if (!out.local || FETCHING_PATHS.test(path)) throw new FetchRefused('own endpoint refused');
      // answered as if it came over the network to that URL: its Host (absolute URLs in answers)
      answer = await out.local(path, { ...headers, host: url.host }, limits.maxBytes);
    } else {
      const target = await out.guard.target(url, ['http:', 'https:'], privateOk);
      answer = await pinnedGet(target, { headers, signal, maxBytes: limits.maxBytes });
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= limits.maxRedirects) throw new Error('too many redirects');
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new Error('bad redirect');
      }
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`upstream answered ${answer.status}`);
    }
    if (answer.truncated && !truncateOk) throw new Error('too large');
    return { url: url.toString(), contentType: answer.contentType, body: answer.body };
  }
}

/**
 * For a client that may not have private addresses fetched for it (`privateOk` false) while the
 * configuration allows them for others: refuses (`FetchRefused`) a URL whose host is not public,
 * before an answer cached from another client's fetch is served. A no-op otherwise.
 */
export async function checkPublicTarget(
  out: Outbound,
  raw: string,
  privateOk: boolean,
): Promise<void> {
  if (privateOk || !out.guard.privateAllowed) return;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('invalid url');
  }
  if (out.own.has(url)) return;
  await out.guard.target(url, ['http:', 'https:'], false);
}
