import { nip19 } from '@swell/nostr';

/** Where the notes of a `scope:` come from (cache-protocol.md section 8, search). */
export type SearchScope =
  | 'follows'
  | 'network'
  | 'follows-interactions'
  | 'network-interactions'
  | 'notifications'
  | 'not-follows';

/** Media a `filter:` asks for. */
export type SearchMedia = 'image' | 'video' | 'audio';

/** A note stat a `min<stat>:N` or `orderby:` names. */
export type SearchStat = 'score' | 'interactions' | 'likes' | 'zaps' | 'replies' | 'reposts';
export type SearchOrder = 'score' | 'replies' | 'satszapped' | 'likes';

/**
 * A parsed search query: the operators of the reference client's advanced search builder
 * (AdvancedSearch.tsx of the stock client 2.0.11) and ours. Each is implemented or knowingly
 * ignored (`ignored`); cache-protocol.md section 8 lists them.
 */
export interface SearchQuery {
  /** Words and "phrases", all required. */
  terms: string[];
  /** Groups of alternatives (`(jazz OR blues)`): one of each group is required. */
  anyOf: string[][];
  exclude: string[];
  hashtags: string[];
  /** from:<npub|hex> (any of). */
  authors: string[];
  kinds: number[];
  /** Unix seconds: the start of the since day, the end of the until day. */
  since?: number;
  until?: number;
  scope?: SearchScope;
  /** repliestokind:<n>: replies to events of these kinds. */
  repliesToKinds: number[];
  /** filter:image|video|audio: notes linking such media (any of). */
  media: SearchMedia[];
  /** to:<npub>: replies to these users. */
  repliesTo: string[];
  /** zappedby:<npub>: notes these users zapped. */
  zappedBy: string[];
  /** @<npub>: notes mentioning these users. */
  mentions: string[];
  /** following:<npub>: notes by the people these users follow. */
  followedBy: string[];
  /** `?` (the builder's "Question" sentiment): notes asking something. */
  question: boolean;
  /** min<stat>:N. */
  minStats: Partial<Record<SearchStat, number>>;
  /** minwords:N / maxwords:N (articles; words counted as spaces and line breaks + 1). */
  minWords?: number;
  maxWords?: number;
  orderBy?: SearchOrder;
  /** Operators accepted and knowingly ignored (`pas:1`, `:)`, `:(`, orientation, duration). */
  ignored: string[];
}

const DAY = 86_400;
const RELATIVE: Record<string, number> = {
  yesterday: DAY,
  lastweek: 7 * DAY,
  lastmonth: 30 * DAY,
  lastyear: 365 * DAY,
};
const SCOPES: Record<string, SearchScope | 'global'> = {
  'scope:myfollows': 'follows',
  'scope:mynetwork': 'network',
  'scope:myfollowsinteractions': 'follows-interactions',
  'scope:mynetworkinteractions': 'network-interactions',
  'scope:mynotifications': 'notifications',
  'scope:notmyfollows': 'not-follows',
  'scope:global': 'global',
};
const MIN_STATS: Record<string, SearchStat> = {
  minscore: 'score',
  mininteractions: 'interactions',
  minlikes: 'likes',
  minzaps: 'zaps',
  minreplies: 'replies',
  minreposts: 'reposts',
};
const ORDERS: readonly SearchOrder[] = ['score', 'replies', 'satszapped', 'likes'];
/** Accepted and ignored: no data for them here (cache-protocol.md). */
const IGNORED = /^(pas:\S*|orientation:(vertical|horizontal|any)|(min|max)duration:\d{1,9})$/i;
const SENTIMENTS = new Set([':)', ':(']);

/**
 * Unix seconds of a `YYYY-MM-DD` day's start (UTC), or of `YYYY-MM-DD_HH:mm`, or undefined for
 * anything else.
 */
function dayStart(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:_(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const [h, min] = [Number(m[4] ?? 0), Number(m[5] ?? 0)];
  if (h > 23 || min > 59) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, min);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1) return undefined;
  return ms / 1000;
}

function pubkeyOf(s: string): string | undefined {
  if (/^[0-9a-f]{64}$/.test(s)) return s;
  try {
    const d = nip19.decode(s.replace(/^nostr:/, ''));
    if (d.type === 'npub') return d.data;
    if (d.type === 'nprofile') return d.data.pubkey;
  } catch {
    // not bech32
  }
  return undefined;
}

const count = (s: string): number | undefined => (/^\d{1,9}$/.test(s) ? Number(s) : undefined);

/**
 * Splits a query into tokens: "phrases", words, and parenthesized groups (`(a OR b)`), whose
 * members are alternatives (a group left open ends with the query).
 */
function tokens(q: string): Array<{ text: string; phrase: boolean; group: number }> {
  const out: Array<{ text: string; phrase: boolean; group: number }> = [];
  let group = 0;
  let open = 0;
  for (const m of q.matchAll(/"([^"]*)"|(\S+)/g)) {
    if (m[1] !== undefined) {
      out.push({ text: m[1].trim(), phrase: true, group: open });
      continue;
    }
    let w = m[2]!;
    if (open === 0 && w.startsWith('(') && w.length > 1) {
      open = ++group;
      w = w.slice(1);
    }
    let closes = false;
    if (open !== 0 && w.endsWith(')') && w !== ':)' && w !== ':(') {
      closes = true;
      w = w.slice(0, -1);
    }
    if (w !== '' && !(open !== 0 && w === 'OR')) out.push({ text: w, phrase: false, group: open });
    if (closes) open = 0;
  }
  return out;
}

/** Parses a search query; `now` (unix seconds) anchors `since:yesterday` and friends. Never throws. */
export function parseSearchQuery(q: string, now = Math.floor(Date.now() / 1000)): SearchQuery {
  const out: SearchQuery = {
    terms: [],
    anyOf: [],
    exclude: [],
    hashtags: [],
    authors: [],
    kinds: [],
    repliesToKinds: [],
    media: [],
    repliesTo: [],
    zappedBy: [],
    mentions: [],
    followedBy: [],
    question: false,
    minStats: {},
    ignored: [],
  };
  const groups = new Map<number, string[]>();
  const term = (text: string, group: number) => {
    if (text === '') return;
    if (group === 0) out.terms.push(text);
    else groups.set(group, [...(groups.get(group) ?? []), text]);
  };
  for (const { text: w, phrase, group } of tokens(q)) {
    if (phrase) {
      term(w, group);
      continue;
    }
    const lower = w.toLowerCase();
    const colon = lower.indexOf(':');
    const op = colon > 0 ? lower.slice(0, colon) : '';
    const value = colon > 0 ? w.slice(colon + 1) : '';
    const user = (list: string[]) => {
      const pk = pubkeyOf(value);
      if (pk) list.push(pk);
      else term(w, group);
    };
    if (IGNORED.test(w) || SENTIMENTS.has(w)) out.ignored.push(w);
    else if (w === '?') out.question = true;
    else if (op === 'from') user(out.authors);
    else if (op === 'to') user(out.repliesTo);
    else if (op === 'zappedby') user(out.zappedBy);
    else if (op === 'following') user(out.followedBy);
    else if (w.startsWith('@') && pubkeyOf(w.slice(1))) out.mentions.push(pubkeyOf(w.slice(1))!);
    else if (op === 'kind' && /^\d{1,5}$/.test(value)) out.kinds.push(Number(value));
    else if (op === 'repliestokind' && /^\d{1,5}$/.test(value))
      out.repliesToKinds.push(Number(value));
    else if (op === 'filter' && ['image', 'video', 'audio'].includes(value.toLowerCase()))
      out.media.push(value.toLowerCase() as SearchMedia);
    else if (op === 'since' && RELATIVE[value.toLowerCase()] !== undefined)
      out.since = now - RELATIVE[value.toLowerCase()]!;
    else if (op === 'since' && dayStart(value) !== undefined) out.since = dayStart(value);
    else if (op === 'until' && dayStart(value) !== undefined)
      out.until = dayStart(value)! + (value.includes('_') ? 59 : DAY - 1);
    else if (SCOPES[lower] !== undefined) {
      const scope = SCOPES[lower]!;
      if (scope === 'global') delete out.scope;
      else out.scope = scope;
    } else if (MIN_STATS[op] !== undefined && count(value) !== undefined)
      out.minStats[MIN_STATS[op]!] = count(value);
    else if (op === 'minwords' && count(value) !== undefined) out.minWords = count(value);
    else if (op === 'maxwords' && count(value) !== undefined) out.maxWords = count(value);
    else if (op === 'orderby' && (ORDERS as string[]).includes(value.toLowerCase()))
      out.orderBy = value.toLowerCase() as SearchOrder;
    else if (w.startsWith('-') && w.length > 1) out.exclude.push(w.slice(1));
    else if (w.startsWith('#') && w.length > 1) out.hashtags.push(w.slice(1).toLowerCase());
    else term(w, group);
  }
  for (const alternatives of groups.values()) {
    if (alternatives.length === 1) out.terms.push(alternatives[0]!);
    else out.anyOf.push(alternatives);
  }
  return out;
}

/** Whether a parsed query asks for anything (an empty one is refused as `invalid query`). */
export function asksForSomething(q: SearchQuery): boolean {
  return (
    q.terms.length > 0 ||
    q.anyOf.length > 0 ||
    q.hashtags.length > 0 ||
    q.authors.length > 0 ||
    q.kinds.length > 0 ||
    q.repliesToKinds.length > 0 ||
    q.media.length > 0 ||
    q.repliesTo.length > 0 ||
    q.zappedBy.length > 0 ||
    q.mentions.length > 0 ||
    q.followedBy.length > 0 ||
    q.question ||
    q.scope !== undefined ||
    Object.keys(q.minStats).length > 0 ||
    q.orderBy !== undefined
  );
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
