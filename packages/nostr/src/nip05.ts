import { isHex64 } from './hex.ts';

/** A parsed `name@domain` address; `_` is the root name. */
export interface Nip05Address {
  name: string;
  domain: string;
}

export type Nip05Fetch = (
  url: string,
  init?: { redirect?: 'manual' | 'error' | 'follow' },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

const ADDRESS =
  /^(?:([\w+\-.]*)@)?((?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]+|localhost)(?::\d{1,5})?)$/i;

/**
 * Parses `name@domain`, `_@domain`, `@domain` and a bare `domain` (the last two mean `_`).
 * Names are lowercased. Returns undefined for anything else (e.g. `foo@bar@baz`).
 */
export function parseNip05(identifier: string): Nip05Address | undefined {
  if (typeof identifier !== 'string') return undefined;
  const m = ADDRESS.exec(identifier.trim());
  if (!m) return undefined;
  const name = (m[1] || '_').toLowerCase();
  return { name, domain: m[2]!.toLowerCase() };
}

/** How to show an address: `_@domain` shows as just the domain. */
export function formatNip05(identifier: string): string {
  const a = parseNip05(identifier);
  if (!a) return identifier;
  return a.name === '_' ? a.domain : `${a.name}@${a.domain}`;
}

/** The well-known URL to look an address up (http only for local development servers). */
export function nip05Url(address: Nip05Address, protocol: 'https' | 'http' = 'https'): string {
  return `${protocol}://${address.domain}/.well-known/nostr.json?name=${encodeURIComponent(address.name)}`;
}

export interface Nip05Lookup {
  pubkey: string;
  relays: string[];
}

function findName(names: Record<string, unknown>, name: string): unknown {
  // Own keys only: a name such as 'constructor' must not reach Object.prototype.
  if (Object.hasOwn(names, name)) return names[name];
  for (const [key, value] of Object.entries(names)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/**
 * Looks an address up with the injected fetch (redirects are not followed). Resolves
 * undefined when the name is absent or the answer is malformed; rejects on network errors.
 */
export async function queryNip05(
  identifier: string,
  fetcher: Nip05Fetch,
  protocol: 'https' | 'http' = 'https',
): Promise<Nip05Lookup | undefined> {
  const address = parseNip05(identifier);
  if (!address) return undefined;
  const res = await fetcher(nip05Url(address, protocol), { redirect: 'manual' });
  if (!res.ok) throw new Error(`nostr.json lookup failed with status ${res.status}`);
  const body = await res.json();
  if (typeof body !== 'object' || body === null) return undefined;
  const names = (body as { names?: unknown }).names;
  if (typeof names !== 'object' || names === null) return undefined;
  const pubkey = findName(names as Record<string, unknown>, address.name);
  if (!isHex64(pubkey)) return undefined;
  const relayMap = (body as { relays?: unknown }).relays;
  const relays =
    typeof relayMap === 'object' && relayMap !== null
      ? (relayMap as Record<string, unknown>)[pubkey]
      : [];
  return {
    pubkey,
    relays: Array.isArray(relays) ? relays.filter((r): r is string => typeof r === 'string') : [],
  };
}

export type Nip05Status = 'verified' | 'failed' | 'error';

/**
 * Checks that an address names `pubkey`: 'verified', 'failed' (bad address, absent name or a
 * different key) or 'error' (network or HTTP failure). Never rejects.
 */
export async function verifyNip05(
  identifier: string,
  pubkey: string,
  fetcher: Nip05Fetch,
  protocol: 'https' | 'http' = 'https',
): Promise<Nip05Status> {
  if (!parseNip05(identifier)) return 'failed';
  try {
    const found = await queryNip05(identifier, fetcher, protocol);
    return found?.pubkey === pubkey ? 'verified' : 'failed';
  } catch {
    return 'error';
  }
}
