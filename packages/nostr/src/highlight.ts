import { contentReferences, withRelay } from './content-tags.ts';
import { isHex64 } from './hex.ts';
import { isAddressable, isReplaceable, Kind } from './kinds.ts';
import { eventCoordinate, getTagValue, parseCoordinate } from './tags.ts';
import type { EventTemplate, NostrEvent } from './types.ts';

/**
 * NIP-84 highlights (kind 9802): the highlighted text as content, the source as an `a`, `e` or
 * `r` tag, its authors as `p` tags with a role, an optional `context` and, for a quote
 * highlight, a `comment`. Building and reading; pure, never signs.
 */

/** Where a highlighted text comes from. */
export type HighlightSource =
  | { type: 'address'; coordinate: string; relay?: string }
  | { type: 'event'; id: string; relay?: string }
  | { type: 'url'; url: string };

export interface Highlight {
  id: string;
  pubkey: string;
  created_at: number;
  /** The highlighted text (empty for non-text media). */
  text: string;
  /** The surrounding passage, when the highlight is part of it. */
  context?: string;
  /** A quote highlight's comment. */
  comment?: string;
  source?: HighlightSource;
  /** Authors of the highlighted material with their role ('author', 'editor', ...; '' none). */
  attributions: Array<{ pubkey: string; role: string }>;
  /** Users mentioned in the comment (p tags marked `mention`). */
  mentions: string[];
}

/** Query parameters that only track the reader (NIP-84: clean them from source URLs). */
const TRACKERS =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|mkt_tok|ref_src|ref_url|si|s_cid|oly_anon_id|oly_enc_id|vero_id|__s)$/i;

/**
 * A source URL without trackers (utm_*, fbclid, gclid, ...) and without a trailing '?' left
 * empty; the URL unchanged when it does not parse.
 */
export function cleanSourceUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return url.trim();
  }
  for (const key of [...u.searchParams.keys()]) if (TRACKERS.test(key)) u.searchParams.delete(key);
  if (u.search === '?') u.search = '';
  return u.toString();
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The `context` of a highlight: the passage (a paragraph, as the reader saw it) around the
 * selected text, whitespace collapsed; at most `maxChars` characters, cut at word boundaries
 * around the selection (marked with '…'). Undefined when the passage is the selection itself or
 * does not contain it.
 */
export function highlightContext(
  passage: string,
  selected: string,
  maxChars = 600,
): string | undefined {
  const text = collapse(passage);
  const quote = collapse(selected);
  const at = quote === '' ? -1 : text.indexOf(quote);
  if (at < 0 || text === quote) return undefined;
  if (text.length <= maxChars) return text;
  const room = Math.max(0, maxChars - quote.length);
  let start = Math.max(0, at - Math.floor(room / 2));
  let end = Math.min(text.length, start + quote.length + room);
  start = Math.max(0, end - quote.length - room);
  // Whole words only: move inwards to the nearest space outside the selection.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : at;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space >= at + quote.length ? space : at + quote.length;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

export interface HighlightInput {
  /** The selected text. */
  text: string;
  /** The highlighted event (an article by its address, a note by id), or a web page. */
  source: NostrEvent | { url: string };
  /** The passage around the selection (see highlightContext). */
  context?: string;
  /** A comment makes it a quote highlight. */
  comment?: string;
  /** Unix seconds. */
  createdAt: number;
  /** A relay where the source can be found. */
  relay?: string;
  /** The highlighter: not p-tagged for a mention of themselves in the comment. */
  author?: string;
  /** Authors of a web page (with their role), when known. */
  attributions?: ReadonlyArray<{ pubkey: string; role?: string }>;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'\])]+[^\s<>"'\]).,;:!?]/g;

/**
 * The kind 9802 template of a highlight: the source (`a` for an article, `e` for a note, `r`
 * marked `source` for a URL), its author as `["p", pubkey, relay, "author"]`, the `context` when
 * it says more than the text, and for a quote highlight the `comment` with its mentions as
 * `["p", pubkey, relay, "mention"]`, its URLs as `["r", url, "mention"]` and its cited events as
 * `q` tags (NIP-84).
 */
export function highlightTemplate(input: HighlightInput): EventTemplate {
  const { source, relay } = input;
  const tags: string[][] = [];
  const has = (name: string, value: string) => tags.some((t) => t[0] === name && t[1] === value);
  if ('url' in source) {
    tags.push(['r', cleanSourceUrl(source.url), 'source']);
    for (const a of input.attributions ?? []) {
      if (isHex64(a.pubkey) && !has('p', a.pubkey))
        tags.push(['p', a.pubkey, '', a.role ?? 'author']);
    }
  } else {
    if (isAddressable(source.kind) || isReplaceable(source.kind))
      tags.push(withRelay('a', eventCoordinate(source), relay));
    else tags.push(withRelay('e', source.id, relay));
    tags.push(['p', source.pubkey, relay ?? '', 'author']);
  }
  const text = input.text.trim();
  const context = input.context?.trim();
  if (context && collapse(context) !== collapse(text)) tags.push(['context', context]);
  const comment = input.comment?.trim();
  if (comment) {
    tags.push(['comment', comment]);
    for (const ref of contentReferences(comment)) {
      if (ref.type === 'profile') {
        if (ref.pubkey !== input.author && !has('p', ref.pubkey))
          tags.push(['p', ref.pubkey, ref.relay ?? '', 'mention']);
      } else {
        const value = ref.type === 'event' ? ref.id : ref.coordinate;
        if (!has('q', value)) tags.push(withRelay('q', value, ref.relay));
      }
    }
    for (const url of comment.match(URL_IN_TEXT) ?? []) {
      if (!has('r', url)) tags.push(['r', url, 'mention']);
    }
  }
  return { kind: Kind.Highlight, created_at: Math.floor(input.createdAt), tags, content: text };
}

function sourceOf(tags: readonly string[][]): HighlightSource | undefined {
  const a = tags.find((t) => t[0] === 'a' && typeof t[1] === 'string' && parseCoordinate(t[1]));
  if (a)
    return a[2]
      ? { type: 'address', coordinate: a[1]!, relay: a[2] }
      : { type: 'address', coordinate: a[1]! };
  const e = tags.find((t) => t[0] === 'e' && isHex64(t[1]));
  if (e) return e[2] ? { type: 'event', id: e[1]!, relay: e[2] } : { type: 'event', id: e[1]! };
  const urls = tags.filter((t) => t[0] === 'r' && typeof t[1] === 'string' && t[1] !== '');
  const r = urls.find((t) => t[2] === 'source') ?? urls.find((t) => t[2] !== 'mention');
  return r ? { type: 'url', url: r[1]! } : undefined;
}

/** Reads a kind 9802 event; undefined for other kinds. Never throws. */
export function parseHighlight(event: NostrEvent): Highlight | undefined {
  if (event.kind !== Kind.Highlight || !Array.isArray(event.tags)) return undefined;
  const tags = event.tags.filter((t): t is string[] => Array.isArray(t));
  const attributions: Highlight['attributions'] = [];
  const mentions: string[] = [];
  for (const t of tags) {
    if (t[0] !== 'p' || !isHex64(t[1])) continue;
    const role = typeof t[3] === 'string' ? t[3] : '';
    if (role === 'mention') {
      if (!mentions.includes(t[1])) mentions.push(t[1]);
    } else if (!attributions.some((a) => a.pubkey === t[1]))
      attributions.push({ pubkey: t[1], role });
  }
  const h: Highlight = {
    id: event.id,
    pubkey: event.pubkey,
    created_at: event.created_at,
    text: typeof event.content === 'string' ? event.content : '',
    attributions,
    mentions,
  };
  const context = getTagValue({ tags }, 'context');
  if (context) h.context = context;
  const comment = getTagValue({ tags }, 'comment');
  if (comment) h.comment = comment;
  const source = sourceOf(tags);
  if (source) h.source = source;
  return h;
}
