/**
 * What a profile may claim as a NIP-05 identifier or a LUD-16 lightning address: `local@host`,
 * where the host is what both specs fetch from (`https://<host>/.well-known/...`): a domain
 * name, `localhost`, an IPv4 address or a bracketed IPv6 address, each with an optional
 * `:port` (1-65535), as servers on a non-default port hand out (`alice@127.0.0.1:8080`).
 * Local parts: NIP-05 allows `a-z0-9-_.`, LUD-16 also `+` (case is not significant here: the
 * lookups lowercase the name).
 */

const nip05Local = /^[a-z0-9._-]+$/i;
const lud16Local = /^[a-z0-9._+-]+$/i;
const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isPort(text: string): boolean {
  if (!/^\d{1,5}$/.test(text)) return false;
  const n = Number(text);
  return n >= 1 && n <= 65535;
}

function isIpv6(text: string): boolean {
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** A host as NIP-05 and LUD-16 fetch from: name, IPv4 or [IPv6], with an optional port. */
export function isAddressHost(host: string): boolean {
  let name = host;
  const bracket = /^\[([0-9a-f:.]+)\](?::(\d+))?$/i.exec(host);
  if (bracket) return isIpv6(bracket[1]!) && (bracket[2] === undefined || isPort(bracket[2]));
  const colon = host.lastIndexOf(':');
  if (colon !== -1) {
    if (!isPort(host.slice(colon + 1))) return false;
    name = host.slice(0, colon);
  }
  if (name.toLowerCase() === 'localhost') return true;
  if (/^[\d.]+$/.test(name)) return ipv4.test(name);
  if (name.length > 253) return false;
  const labels = name.split('.');
  // A domain has at least two labels; its top-level one is not all digits.
  return labels.length >= 2 && labels.every((l) => label.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}

function isAddress(text: string, local: RegExp): boolean {
  if (text.length > 320) return false;
  const at = text.indexOf('@');
  if (at <= 0 || at !== text.lastIndexOf('@')) return false;
  const name = text.slice(0, at);
  return name.length <= 64 && local.test(name) && isAddressHost(text.slice(at + 1));
}

/** A NIP-05 identifier (`name@host[:port]`; `_@host` is the host's root name). */
export function isNip05Identifier(text: string): boolean {
  return isAddress(text.trim(), nip05Local);
}

/** A LUD-16 lightning address (`name@host[:port]`). */
export function isLightningAddress(text: string): boolean {
  return isAddress(text.trim(), lud16Local);
}
