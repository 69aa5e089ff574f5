import { invoiceAmountMsats } from '../bolt11.ts';
import { isHex64 } from '../hex.ts';
import { encode, tryDecode } from '../nip19.ts';
import type { Nip19Entity } from '../nip19.ts';
import type { NostrUriEntity } from '../nip21.ts';
import { parseCoordinate } from '../tags.ts';
import { detectEmbed } from './embeds.ts';
import { mediaTypeOfUrl } from './media.ts';
import type { Segment } from './segments.ts';

const BECH32_CHARS = '[02-9ac-hj-np-z]';
const HASHTAG_BODY = '[^\\s!@#$%^&*(),.?":{}|<>]+';

// One scanner; at a given position the first alternative wins.
const TOKEN = new RegExp(
  [
    '(?<nl>\\r\\n|\\r|\\n)',
    '(?<url>https?:\\/\\/[^\\s<>"]+)',
    `(?<nostr>nostr:(?:npub|nprofile|note|nevent|naddr|nrelay)1${BECH32_CHARS}+)`,
    `(?<bare>(?<![\\w/:@.])@?(?:npub|nprofile|note|nevent|naddr)1${BECH32_CHARS}{6,})`,
    '(?<legacy>#\\[\\d{1,4}\\])',
    '(?<ln>(?<![\\w])(?:lightning:|LIGHTNING:)?(?:lnbc|LNBC)[0-9a-zA-Z]{10,})',
    '(?<btc>(?<![\\w])(?:bitcoin|BITCOIN):[^\\s<>"]+)',
    '(?<cashu>(?<![\\w])(?:web\\+cashu:\\/\\/|cashu:\\/\\/|cashu:)?cashu[AB][A-Za-z0-9_\\-+/=]{10,})',
    `(?<tag>(?<=^|\\s)#${HASHTAG_BODY})`,
  ].join('|'),
  'gu',
);

const FIXED_LENGTH: Record<string, number> = { npub: 63, note: 63 };
const TRAILING = /[.,;:!?'"*_~]+$/;

/** Trims punctuation that ends a sentence rather than the URL, keeping balanced brackets. */
export function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
    ] as const) {
      if (url.endsWith(close) && url.split(open).length < url.split(close).length)
        url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

type Decoded = { bech32: string; decoded: NostrUriEntity };

/** Decodes the longest valid bech32 at the start of `text` (fixed-length types are cut). */
function decodeBech32Prefix(text: string): Decoded | undefined {
  const prefix = text.slice(0, text.indexOf('1'));
  const length = FIXED_LENGTH[prefix];
  const candidate = length !== undefined ? text.slice(0, length) : text;
  const entity: Nip19Entity | undefined = tryDecode(candidate);
  if (!entity || entity.type === 'nsec') return undefined;
  return { bech32: candidate, decoded: entity };
}

function legacyMention(index: number, tags: readonly unknown[]): Decoded | undefined {
  const tag = tags[index];
  if (!Array.isArray(tag)) return undefined;
  const [name, value] = tag as unknown[];
  if (typeof value !== 'string') return undefined;
  let entity: NostrUriEntity | undefined;
  if (name === 'p' && isHex64(value)) entity = { type: 'npub', data: value };
  else if (name === 'e' && isHex64(value)) entity = { type: 'note', data: value };
  else if (name === 'a') {
    const c = parseCoordinate(value);
    if (c) entity = { type: 'naddr', data: { ...c, relays: [] } };
  }
  if (!entity) return undefined;
  return { bech32: encode(entity), decoded: entity };
}

function urlSegment(url: string): Segment {
  const embed = detectEmbed(url);
  if (embed) return { type: 'embed', text: url, url, ...embed };
  const media = mediaTypeOfUrl(url);
  if (media) return { type: media, text: url, url };
  return { type: 'link', text: url, url };
}

function bitcoinSegment(raw: string): Segment | undefined {
  const uri = raw.replace(/[.,;:!?'")\]]+$/, '');
  const q = uri.indexOf('?');
  if (q < 0) return undefined;
  const address = uri.slice(uri.indexOf(':') + 1, q);
  const params = new URLSearchParams(uri.slice(q + 1));
  let lightning: string | undefined;
  for (const [key, value] of params) if (key.toLowerCase() === 'lightning') lightning = value;
  if (!lightning || !/^ln/i.test(lightning)) return undefined;
  return {
    type: 'bitcoin',
    text: uri,
    uri,
    address,
    lightning,
    msats: invoiceAmountMsats(lightning),
  };
}

/** Classifies one scanner match; the segment's text may be shorter than the match. */
function classify(
  groups: Record<string, string | undefined>,
  tags: readonly unknown[],
): Segment | undefined {
  if (groups.nl !== undefined) return { type: 'linebreak', text: groups.nl };
  if (groups.url !== undefined) return urlSegment(trimUrl(groups.url));
  if (groups.nostr !== undefined) {
    const d = decodeBech32Prefix(groups.nostr.slice('nostr:'.length));
    return d && { type: 'mention', text: `nostr:${d.bech32}`, ...d };
  }
  if (groups.bare !== undefined) {
    const at = groups.bare.startsWith('@') ? '@' : '';
    const d = decodeBech32Prefix(groups.bare.slice(at.length));
    return d && { type: 'mention', text: `${at}${d.bech32}`, ...d };
  }
  if (groups.legacy !== undefined) {
    const index = Number(groups.legacy.slice(2, -1));
    const d = legacyMention(index, tags);
    return d && { type: 'mention', text: groups.legacy, ...d, legacyIndex: index };
  }
  if (groups.ln !== undefined) {
    const invoice = groups.ln.replace(/^lightning:/i, '');
    return { type: 'invoice', text: groups.ln, invoice, msats: invoiceAmountMsats(invoice) };
  }
  if (groups.btc !== undefined) return bitcoinSegment(groups.btc);
  if (groups.cashu !== undefined) {
    const token = groups.cashu.replace(/^(?:web\+cashu:\/\/|cashu:\/\/|cashu:)/, '');
    return { type: 'cashu', text: groups.cashu, token };
  }
  if (groups.tag !== undefined)
    return { type: 'hashtag', text: groups.tag, tag: groups.tag.slice(1) };
  return undefined;
}

function pushText(out: Segment[], text: string): void {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

function scan(content: string, tags: readonly unknown[]): Segment[] {
  const out: Segment[] = [];
  let pos = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(content); m !== null; m = TOKEN.exec(content)) {
    const segment = classify(m.groups ?? {}, tags);
    if (!segment || segment.text === '') {
      // Not what it looked like: keep its first character as text and rescan after it.
      TOKEN.lastIndex = m.index + 1;
      continue;
    }
    pushText(out, content.slice(pos, m.index));
    out.push(segment);
    pos = m.index + segment.text.length;
    TOKEN.lastIndex = pos;
  }
  pushText(out, content.slice(pos));
  return out;
}

/**
 * Turns note text plus its tags into typed segments: text, line breaks, links, images and
 * videos (by extension), embedded players, lightning invoices, bitcoin URIs with a lightning
 * parameter, ecash tokens, hashtags and mentions (nostr: URIs, bare bech32, legacy #[n]).
 * Joining every segment's `text` gives the content back. Never throws.
 */
export function tokenize(content: string, tags: readonly (readonly string[])[] = []): Segment[] {
  if (typeof content !== 'string' || content === '') return [];
  const safeTags: readonly unknown[] = Array.isArray(tags) ? tags : [];
  try {
    return scan(content, safeTags);
  } catch {
    return [{ type: 'text', text: content }];
  }
}

/** The hashtags of a text, without '#', in order of appearance, deduplicated. */
export function extractHashtags(content: string): string[] {
  const tags: string[] = [];
  for (const segment of tokenize(content)) {
    if (segment.type === 'hashtag' && !tags.includes(segment.tag)) tags.push(segment.tag);
  }
  return tags;
}
