import type { NostrEvent } from '@swell/nostr';

/** Kind of a user's Blossom server list (BUD-03). */
export const BLOSSOM_SERVER_LIST_KIND = 10063;

/** `https://host[:port][/path]` without a trailing slash, or undefined when not an http(s) URL. */
export function normalizeServerUrl(url: string): string | undefined {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/**
 * The servers to upload to, in order: those of the user's kind 10063 list (`server` tags, the
 * first is their main one), or `defaultServer` (this Swell server) when they have no list.
 */
export function uploadServers(
  list: Pick<NostrEvent, 'kind' | 'tags'> | undefined | null,
  defaultServer: string,
): string[] {
  const out: string[] = [];
  if (list?.kind === BLOSSOM_SERVER_LIST_KIND) {
    for (const t of list.tags) {
      if (t[0] !== 'server' || !t[1]) continue;
      const url = normalizeServerUrl(t[1]);
      if (url && !out.includes(url)) out.push(url);
    }
  }
  if (out.length === 0) {
    const own = normalizeServerUrl(defaultServer);
    if (own) out.push(own);
  }
  return out;
}
