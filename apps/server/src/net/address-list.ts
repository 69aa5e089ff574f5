import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A set of IP addresses and CIDR ranges (configuration: trusted proxies, allowed targets). */
export interface AddressList {
  readonly ranges: readonly Range[];
  /** The text it was parsed from (for logs). */
  readonly source: string;
}

/** Parses an address as the network sees it: IPv4-mapped IPv6 becomes IPv4. */
export function parseAddress(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = raw.trim().replace(/^\[|\]$/g, '');
  // Zone ids (fe80::1%eth0) name an interface; the address is what is classified.
  const noZone = bare.replace(/%.*$/, '');
  if (!ipaddr.isValid(noZone)) return undefined;
  try {
    return ipaddr.process(noZone);
  } catch {
    return undefined;
  }
}

/**
 * Parses `a, b/len, ...` (IPv4 or IPv6, each a single address or a CIDR range). Throws with the
 * setting's name on anything else.
 */
export function parseAddressList(text: string, name: string): AddressList {
  const ranges: Range[] = [];
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      if (part.includes('/')) {
        const [addr, bits] = ipaddr.parseCIDR(part);
        if (addr instanceof ipaddr.IPv6 && addr.isIPv4MappedAddress() && bits >= 96)
          ranges.push([addr.toIPv4Address(), bits - 96]);
        else ranges.push([addr, bits]);
      } else {
        const addr = parseAddress(part);
        if (!addr) throw new Error('bad address');
        ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      throw new Error(`${name}: "${part}" is not an IP address or CIDR range`);
    }
  }
  return { ranges, source: text };
}

/** Whether an address (any notation) falls in one of the list's ranges. */
export function inAddressList(list: AddressList, raw: string | ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const addr = typeof raw === 'string' ? parseAddress(raw) : raw;
  if (!addr) return false;
  for (const [range, bits] of list.ranges) {
    if (range.kind() === addr.kind() && addr.match(range as never, bits)) return true;
  }
  return false;
}

export const emptyAddressList: AddressList = { ranges: [], source: '' };
