import { createStore } from '@/lib/external-store.ts';

/** What a vanity route resolves to: the owner of a name registered at this server. */
export interface VanityTarget {
  name: string;
  pubkey: string;
  identifier?: string;
}

/** The last finished lookup of a vanity route: the owner's key, or null when unregistered. */
export interface VanityLookup {
  name: string;
  pubkey: string | null;
}

/** Written by the vanity route (app/vanity-route.tsx), read by the sidebar beside it. */
export const vanityLookup = createStore<VanityLookup | null>(null);

/** The finished lookup of `name` (names are case-insensitive), or undefined while it runs. */
export function lookupOf(
  lookup: VanityLookup | null,
  name: string | undefined,
): VanityLookup | undefined {
  return lookup && name !== undefined && lookup.name.toLowerCase() === name.toLowerCase()
    ? lookup
    : undefined;
}

const nameShape = /^[a-z0-9._-]{1,64}$/i;

/** Looks up `name` in `/.well-known/nostr.json`; undefined when it is not registered. */
export async function resolveVanityName(
  name: string,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (!nameShape.test(name)) return undefined;
  const res = await fetch(`/.well-known/nostr.json?name=${encodeURIComponent(name)}`, { signal });
  if (!res.ok) return undefined;
  const body = (await res.json().catch(() => null)) as { names?: Record<string, unknown> } | null;
  const names = body?.names ?? {};
  const key = Object.keys(names).find((k) => k.toLowerCase() === name.toLowerCase());
  const pubkey = key === undefined ? undefined : names[key];
  return typeof pubkey === 'string' && /^[0-9a-f]{64}$/.test(pubkey) ? pubkey : undefined;
}
