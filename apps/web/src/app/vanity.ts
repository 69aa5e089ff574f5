import { data, type LoaderFunctionArgs } from 'react-router';

/** What a vanity route resolves to: the owner of a name registered at this server. */
export interface VanityTarget {
  name: string;
  pubkey: string;
  identifier?: string;
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

async function resolveOr404(name: string | undefined, signal: AbortSignal): Promise<string> {
  const pubkey = name ? await resolveVanityName(name, signal).catch(() => undefined) : undefined;
  if (!pubkey) throw data('page not found', { status: 404 });
  return pubkey;
}

/** `/:vanityName` -> the profile of that name's owner. */
export async function vanityProfileLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<VanityTarget> {
  const name = params.vanityName ?? '';
  return { name, pubkey: await resolveOr404(name, request.signal) };
}

/** `/:vanityName/:identifier` -> that owner's long-form note with this identifier. */
export async function vanityThreadLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<VanityTarget> {
  const name = params.vanityName ?? '';
  const pubkey = await resolveOr404(name, request.signal);
  return { name, pubkey, identifier: params.identifier ?? '' };
}
