import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** True for loopback, private, link-local, CGNAT, multicast and unspecified addresses. */
export function isPrivateAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (v === 6) {
    const s = ip.toLowerCase();
    if (s === '::' || s === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(s);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(s);
  }
  return true;
}

/** True when the client address is this machine (tests, a local user). */
export function isLoopbackClient(ip: string | undefined): boolean {
  if (!ip) return false;
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' || ip.startsWith('127.');
}

/**
 * Refuses a URL whose host resolves to a private or loopback address, unless `allowPrivate`
 * (the request itself came from this machine). Throws with a clear message.
 */
export async function assertPublicUrl(
  raw: string,
  allowPrivate: boolean,
  protocols: string[],
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('invalid url');
  }
  if (!protocols.includes(url.protocol)) throw new Error('unsupported url scheme');
  if (url.username || url.password) throw new Error('credentials in url are not allowed');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost'))
    throw new Error('private address refused');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
    throw new Error('private address refused');
  return url;
}

/**
 * Checks the `u` of an endpoint that fetches on a client's behalf (/link-preview,
 * /media-cache): an http(s) URL of at most 2000 characters that, unless the client is this
 * machine, resolves to public addresses only. Gives whether private targets are allowed, or the
 * message of a 400.
 */
export async function checkFetchTarget(
  u: unknown,
  clientIp: string | undefined,
): Promise<{ url: string; allowPrivate: boolean } | { error: string }> {
  if (typeof u !== 'string' || u.length > 2000 || !/^https?:\/\//i.test(u))
    return { error: 'u must be an http(s) URL' };
  const allowPrivate = isLoopbackClient(clientIp);
  if (!allowPrivate) {
    try {
      await assertPublicUrl(u, false, ['http:', 'https:']);
    } catch (err) {
      return { error: err instanceof Error ? err.message : 'invalid url' };
    }
  }
  return { url: u, allowPrivate };
}
