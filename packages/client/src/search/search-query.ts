import { nip19 } from '@swell/nostr';

/** Where an advanced search looks: everyone, the user's follows, or their network (2 hops). */
export type SearchScope = 'global' | 'myfollows' | 'mynetwork';
export const searchScopes: readonly SearchScope[] = ['global', 'myfollows', 'mynetwork'];

/** What the advanced search builder holds (`/asearch`). */
export interface AdvancedSearch {
  /** Words that must all appear. */
  include: string;
  /** An exact phrase. */
  phrase: string;
  /** Words that must not appear. */
  exclude: string;
  /** Hashtags, without `#`. */
  hashtags: string[];
  /** Authors (hex pubkeys; written as npub). */
  authors: string[];
  /** 1 notes, 30023 reads. */
  kind: number;
  /** Dates `YYYY-MM-DD` (UTC), inclusive; '' for no bound. */
  since: string;
  until: string;
  scope: SearchScope;
}

export const emptyAdvancedSearch = (): AdvancedSearch => ({
  include: '',
  phrase: '',
  exclude: '',
  hashtags: [],
  authors: [],
  kind: 1,
  since: '',
  until: '',
  scope: 'global',
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/"/g, '').trim())
    .filter(Boolean);
}

/**
 * The query string the server understands (apps/server search-query.ts): words, "a phrase",
 * -excluded, #hashtags, from:npub, kind:N, since:/until:YYYY-MM-DD, scope:myfollows|mynetwork.
 */
export function buildSearchQuery(s: AdvancedSearch): string {
  const parts: string[] = [];
  parts.push(...words(s.include).filter((w) => !w.startsWith('-')));
  const phrase = s.phrase.replace(/"/g, '').trim();
  if (phrase) parts.push(`"${phrase}"`);
  parts.push(
    ...words(s.exclude)
      .map((w) => `-${w.replace(/^-+/, '')}`)
      .filter((w) => w !== '-'),
  );
  for (const tag of s.hashtags) {
    const t = tag.trim().replace(/^#+/, '');
    if (t && !/\s/.test(t)) parts.push(`#${t}`);
  }
  for (const pk of s.authors) {
    try {
      parts.push(`from:${nip19.npubEncode(pk)}`);
    } catch {
      // not a pubkey: left out
    }
  }
  if (s.kind !== 1) parts.push(`kind:${s.kind}`);
  if (DATE.test(s.since)) parts.push(`since:${s.since}`);
  if (DATE.test(s.until)) parts.push(`until:${s.until}`);
  if (s.scope !== 'global') parts.push(`scope:${s.scope}`);
  return parts.join(' ');
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

/** Reads a query back into the builder (`/asearch/:query` opens with its fields filled). */
export function parseAdvancedSearch(query: string): AdvancedSearch {
  const s = emptyAdvancedSearch();
  const include: string[] = [];
  const exclude: string[] = [];
  for (const m of query.matchAll(/"([^"]*)"|(\S+)/g)) {
    if (m[1] !== undefined) {
      if (m[1].trim()) s.phrase = s.phrase ? `${s.phrase} ${m[1].trim()}` : m[1].trim();
      continue;
    }
    const w = m[2]!;
    const lower = w.toLowerCase();
    const value = w.slice(w.indexOf(':') + 1);
    if (lower.startsWith('from:') && pubkeyOf(value)) s.authors.push(pubkeyOf(value)!);
    else if (lower.startsWith('kind:') && /^\d{1,5}$/.test(value)) s.kind = Number(value);
    else if (lower.startsWith('since:') && DATE.test(value)) s.since = value;
    else if (lower.startsWith('until:') && DATE.test(value)) s.until = value;
    else if (lower.startsWith('scope:') && (searchScopes as readonly string[]).includes(value))
      s.scope = value as SearchScope;
    else if (w.startsWith('#') && w.length > 1) s.hashtags.push(w.slice(1));
    else if (w.startsWith('-') && w.length > 1) exclude.push(w.slice(1));
    else include.push(w);
  }
  s.include = include.join(' ');
  s.exclude = exclude.join(' ');
  return s;
}

/** Whether a query asks for reads (spec section 4: results go to reads with `kind:30023`). */
export function isReadsQuery(query: string): boolean {
  return /(^|\s)kind:30023(?=\s|$)/i.test(query);
}

/** Whether the query has anything to look for (a scope or dates alone are not a search). */
export function hasSearchTerms(query: string): boolean {
  const s = parseAdvancedSearch(query);
  return !!(s.include || s.phrase || s.hashtags.length || s.authors.length || s.kind !== 1);
}

/** What a search box entry means. */
export type SearchTarget =
  | { type: 'empty' }
  | { type: 'profile'; pubkey: string; relays: string[] }
  | { type: 'note'; id: string; relays: string[]; author?: string }
  | { type: 'article'; naddr: string }
  | { type: 'text'; query: string };

/**
 * A search box entry (spec section 4 "Advanced search", section 5): empty terms are refused; a
 * pasted npub or nprofile opens that profile (note/nevent the thread, naddr the article); an
 * npub that does not decode is a plain text search.
 */
export function searchTarget(input: string): SearchTarget {
  const text = input.trim();
  if (!text) return { type: 'empty' };
  const bare = text.replace(/^nostr:/i, '').replace(/^@/, '');
  if (/^(npub1|nprofile1|note1|nevent1|naddr1)[0-9a-z]+$/i.test(bare)) {
    try {
      const d = nip19.decode(bare.toLowerCase());
      if (d.type === 'npub') return { type: 'profile', pubkey: d.data, relays: [] };
      if (d.type === 'nprofile')
        return { type: 'profile', pubkey: d.data.pubkey, relays: d.data.relays ?? [] };
      if (d.type === 'note') return { type: 'note', id: d.data, relays: [] };
      if (d.type === 'nevent')
        return {
          type: 'note',
          id: d.data.id,
          relays: d.data.relays ?? [],
          ...(d.data.author ? { author: d.data.author } : {}),
        };
      if (d.type === 'naddr') return { type: 'article', naddr: bare.toLowerCase() };
    } catch {
      // not decodable: searched as text
    }
  }
  return { type: 'text', query: text };
}
