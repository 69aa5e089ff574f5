import type { IncomingMessage } from 'node:http';
import { inAddressList, parseAddress, type AddressList } from './address-list.ts';

function forwardedFor(req: IncomingMessage): string[] {
  const raw = req.headers['x-forwarded-for'];
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Whether the peer of this request is a configured reverse proxy (SWELL_TRUSTED_PROXY). */
export function fromTrustedProxy(req: IncomingMessage, trusted: AddressList): boolean {
  const peer = req.socket.remoteAddress;
  return trusted.ranges.length > 0 && peer !== undefined && inAddressList(trusted, peer);
}

/**
 * The client's address: the TCP peer, unless the peer is a trusted proxy; then X-Forwarded-For
 * is walked from the right (the hop nearest to us) past trusted proxies to the first address
 * that is not one. Nobody else's X-Forwarded-For is believed. Normalised (IPv4-mapped IPv6 is
 * IPv4); 'unknown' when the socket has no address.
 */
export function clientAddress(req: IncomingMessage, trusted: AddressList): string {
  const peer = req.socket.remoteAddress;
  if (!peer) return 'unknown';
  let current = peer;
  if (fromTrustedProxy(req, trusted)) {
    const hops = forwardedFor(req);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!parseAddress(hop)) break; // garbage ends the walk at the last good address
      current = hop;
      if (!inAddressList(trusted, hop)) break;
    }
  }
  return parseAddress(current)?.toString() ?? current;
}

/**
 * How the client reached us (scheme and host) for building absolute URLs in answers: the
 * X-Forwarded-Proto/-Host of a trusted proxy, else the Host header, else the listening address.
 */
export function requestBaseUrl(
  req: IncomingMessage,
  trusted: AddressList,
  fallback: string,
): string {
  const viaProxy = fromTrustedProxy(req, trusted);
  const first = (v: string | string[] | undefined) =>
    (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;
  const host = (viaProxy ? first(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host;
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return fallback;
  const proto = viaProxy && first(req.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}
