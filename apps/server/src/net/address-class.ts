import ipaddr from 'ipaddr.js';
import { parseAddress } from './address-list.ts';

/** IPv6 global unicast (2000::/3): everything else is reserved, local or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether a server may connect to this address on a client's behalf: public unicast only.
 * Classification is ipaddr.js's, in every notation: IPv4-mapped IPv6 (`::ffff:127.0.0.1`,
 * `::ffff:7f00:1`) is judged as the IPv4 address it is; IPv6 outside 2000::/3 (IPv4-compatible
 * `::a.b.c.d`, site-local `fec0::/10`, unique-local, link-local, multicast, ...) and the
 * translation and tunnel ranges inside it (NAT64 `64:ff9b::/96` lies outside; 6to4 `2002::/16`,
 * Teredo `2001::/32`, documentation, benchmarking, ORCHID) are refused. Unparseable is refused.
 */
export function isPublicAddress(raw: string | ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const addr = typeof raw === 'string' ? parseAddress(raw) : raw;
  if (!addr) return false;
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address());
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}
