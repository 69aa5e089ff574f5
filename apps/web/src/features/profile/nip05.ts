import { useAsync } from '@/lib/use-async.ts';

export type Verification = 'provider' | 'verified' | 'unverified' | 'checking';

/** Splits `name@domain` (a bare domain means `_@domain`); undefined when malformed. */
export function splitNip05(nip05: string): { name: string; domain: string } | undefined {
  const m = /^(?:([a-z0-9._-]+)@)?([a-z0-9.-]+(?::\d+)?)$/i.exec(nip05.trim());
  if (!m) return undefined;
  return { name: (m[1] ?? '_').toLowerCase(), domain: m[2]!.toLowerCase() };
}

/** The provider is the server this app is served from. */
export function isProviderDomain(domain: string, host = location.host): boolean {
  return domain === host.toLowerCase() || domain === location.hostname.toLowerCase();
}

/** The public key a NIP-05 address names (null when it names none); rejects on network errors. */
export async function lookupNip05(nip05: string, signal?: AbortSignal): Promise<string | null> {
  const parts = splitNip05(nip05);
  if (!parts) return null;
  const base = isProviderDomain(parts.domain) ? '' : `https://${parts.domain}`;
  const res = await fetch(`${base}/.well-known/nostr.json?name=${encodeURIComponent(parts.name)}`, {
    signal,
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { names?: Record<string, unknown> };
  const pubkey =
    body.names && Object.hasOwn(body.names, parts.name) ? body.names[parts.name] : null;
  return typeof pubkey === 'string' && /^[0-9a-f]{64}$/.test(pubkey) ? pubkey : null;
}

/** NIP-05 lookup: the well-known document must map the name to exactly this pubkey. */
export async function checkNip05(
  nip05: string,
  pubkey: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const parts = splitNip05(nip05);
  if (!parts) return false;
  const base = isProviderDomain(parts.domain) ? '' : `https://${parts.domain}`;
  const res = await fetch(`${base}/.well-known/nostr.json?name=${encodeURIComponent(parts.name)}`, {
    signal,
  });
  if (!res.ok) return false;
  const body = (await res.json()) as { names?: Record<string, string> };
  return body.names?.[parts.name] === pubkey;
}

/**
 * Verification badge rules (spec section 5): checked by a well-known lookup; the provider-style
 * badge only for the provider's own domain.
 */
export function useVerification(nip05: string, pubkey: string): Verification {
  const parts = nip05 ? splitNip05(nip05) : undefined;
  const result = useAsync(parts ? `${nip05}|${pubkey}` : null, (signal) =>
    checkNip05(nip05, pubkey, signal).catch(() => false),
  );
  if (!parts) return 'unverified';
  if (result.loading) return 'checking';
  if (!result.data) return 'unverified';
  return isProviderDomain(parts.domain) ? 'provider' : 'verified';
}
