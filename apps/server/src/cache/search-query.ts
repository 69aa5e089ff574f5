import { nip19 } from '@swell/nostr';

/**
 * A parsed search query: words and "phrases", -excluded words, #tags, from:<npub|hex>, kind:<n>,
 * since:/until:<YYYY-MM-DD> (UTC days, inclusive) and scope:myfollows|mynetwork.
 */
export interface SearchQuery {
  terms: string[];
  exclude: string[];
  hashtags: string[];
  authors: string[];
  kinds: number[];
  /** Unix seconds: the start of the since day, the end of the until day. */
  since?: number;
  until?: number;
  scope?: 'follows' | 'network';
}

/** Unix seconds of a `YYYY-MM-DD` day's start (UTC), or undefined for anything else. */
function dayStart(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1) return undefined;
  return ms / 1000;
}

function pubkeyOf(s: string): string | undefined {
  if (/^[0-9a-f]{64}$/.test(s)) return s;
  try {
    const d = nip19.decode(s);
    if (d.type === 'npub') return d.data;
    if (d.type === 'nprofile') return d.data.pubkey;
  } catch {
    // not bech32
  }
  return undefined;
}

export function parseSearchQuery(q: string): SearchQuery {
  const out: SearchQuery = { terms: [], exclude: [], hashtags: [], authors: [], kinds: [] };
  const re = /"([^"]*)"|(\S+)/g;
  for (const m of q.matchAll(re)) {
    if (m[1] !== undefined) {
      if (m[1].trim()) out.terms.push(m[1].trim());
      continue;
    }
    const w = m[2]!;
    const lower = w.toLowerCase();
    if (lower.startsWith('from:')) {
      const pk = pubkeyOf(w.slice(5));
      if (pk) out.authors.push(pk);
      else out.terms.push(w);
    } else if (lower.startsWith('kind:') && /^\d{1,5}$/.test(w.slice(5))) {
      out.kinds.push(Number(w.slice(5)));
    } else if (lower.startsWith('since:') && dayStart(w.slice(6)) !== undefined) {
      out.since = dayStart(w.slice(6));
    } else if (lower.startsWith('until:') && dayStart(w.slice(6)) !== undefined) {
      out.until = dayStart(w.slice(6))! + 86399;
    } else if (lower === 'scope:myfollows') {
      out.scope = 'follows';
    } else if (lower === 'scope:mynetwork') {
      out.scope = 'network';
    } else if (lower === 'scope:global') {
      delete out.scope;
    } else if (w.startsWith('-') && w.length > 1) {
      out.exclude.push(w.slice(1));
    } else if (w.startsWith('#') && w.length > 1) {
      out.hashtags.push(w.slice(1).toLowerCase());
    } else {
      out.terms.push(w);
    }
  }
  return out;
}

/** A user reference in a user search: npub / nprofile / hex pubkey. */
export function userRef(q: string): string | undefined {
  const s = q
    .trim()
    .replace(/^nostr:/, '')
    .replace(/^@/, '');
  return pubkeyOf(s);
}

/** Escapes LIKE wildcards (the queries use ESCAPE '\'). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
