import { nip19 } from '@swell/nostr';

/** A parsed search query: words and "phrases", #tags, from:<npub|hex>, kind:<n>. */
export interface SearchQuery {
  terms: string[];
  hashtags: string[];
  authors: string[];
  kinds: number[];
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
  const out: SearchQuery = { terms: [], hashtags: [], authors: [], kinds: [] };
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
