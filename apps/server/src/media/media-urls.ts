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

/** Absolute base URL of this server as an HTTP client reached it (proxy headers honoured). */
export function requestBaseUrl(
  headers: Record<string, string | string[] | undefined>,
  fallbackHost: string,
): string {
  const first = (v: string | string[] | undefined) =>
    (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;
  const host = first(headers['x-forwarded-host']) ?? first(headers.host) ?? fallbackHost;
  const proto = first(headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

/** Hosts (host[:port], lowercase) this server is reached at, from a request's headers. */
export function requestHosts(headers: Record<string, string | string[] | undefined>): string[] {
  const out: string[] = [];
  for (const h of [headers['x-forwarded-host'], headers.host]) {
    for (const v of Array.isArray(h) ? h : h ? [h] : []) {
      for (const part of v.split(',')) if (part.trim()) out.push(part.trim().toLowerCase());
    }
  }
  return out;
}
