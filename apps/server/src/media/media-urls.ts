/**
 * URLs of uploaded files. A file is served at `/media/<sha256>.<ext>` (what the cache's chunked
 * upload answers) and at the Blossom path `/<sha256>.<ext>` (BUD-01/02); a video's poster frame
 * at `/media/<sha256>/poster.jpg`.
 */

const HASH_SEGMENT = /^([0-9a-f]{64})(?:\.[a-z0-9]{1,10})?$/i;

export function mediaFileUrl(baseUrl: string, sha256: string, ext: string): string {
  return `${baseUrl}/media/${sha256}.${ext}`;
}

export function blossomUrl(baseUrl: string, sha256: string, ext: string): string {
  return `${baseUrl}/${sha256}.${ext}`;
}

export function posterUrl(baseUrl: string, sha256: string): string {
  return `${baseUrl}/media/${sha256}/poster.jpg`;
}

/** `<sha256>` of a path segment `<sha256>[.ext]` (lowercased), else undefined. */
export function hashOfSegment(segment: string): string | undefined {
  const m = HASH_SEGMENT.exec(segment);
  return m ? m[1]!.toLowerCase() : undefined;
}

/**
 * The hash a URL names the Blossom way (its last path segment is `<sha256>[.ext]`), with its
 * host; undefined for anything else.
 */
export function hashOfUrl(url: string): { sha256: string; host: string } | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const last = u.pathname.split('/').pop() ?? '';
  const sha256 = hashOfSegment(last);
  return sha256 ? { sha256, host: u.host.toLowerCase() } : undefined;
}

/**
 * What an HTTP request says of how it reached us: Fastify's `host` and `protocol`, which take
 * `X-Forwarded-Host`/`-Proto` only from a trusted proxy (SWELL_TRUSTED_PROXY, the server's
 * `trustProxy`), never from anyone else.
 */
export interface ReachedAs {
  host: string;
  protocol: string;
}

const HOST = /^[A-Za-z0-9.\-:[\]]+$/;

/** Absolute base URL of this server as an HTTP client reached it (a trusted proxy's headers honoured). */
export function requestBaseUrl(req: ReachedAs, fallbackHost: string): string {
  const host = req.host && HOST.test(req.host) ? req.host : fallbackHost;
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** Hosts (host[:port], lowercase) this server is reached at, from a request. */
export function requestHosts(req: ReachedAs): string[] {
  return req.host ? [req.host.trim().toLowerCase()] : [];
}
