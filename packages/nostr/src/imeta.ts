import type { NostrEvent } from './types.ts';

/**
 * One NIP-92 `imeta` tag: media metadata, each entry a space-separated `key value` pair
 * (NIP-94 keys, NIP-71's `duration`, `bitrate` and `image`). Keys that may repeat (`fallback`,
 * `image`) are lists; an unknown key is kept in `extra` (its first value).
 */
export interface Imeta {
  url: string;
  /** MIME type (`m`), lowercased. */
  m?: string;
  /** Pixel size (`dim WxH`). */
  width?: number;
  height?: number;
  blurhash?: string;
  thumbhash?: string;
  alt?: string;
  /** sha256 of the file (`x`). */
  x?: string;
  /** Size in bytes. */
  size?: number;
  /** Seconds (NIP-71, floating point). */
  duration?: number;
  /** Bits per second (NIP-71). */
  bitrate?: number;
  /** Other places of the same file. */
  fallback: string[];
  /** Preview images of a video (NIP-71), first the preferred one. */
  image: string[];
  /** A thumbnail (NIP-94 `thumb`). */
  thumb?: string;
  extra: Record<string, string>;
}

const HTTP_URL = /^https?:\/\/\S+$/i;
const KNOWN_KEYS = new Set([
  'url',
  'm',
  'dim',
  'blurhash',
  'thumbhash',
  'alt',
  'x',
  'size',
  'duration',
  'bitrate',
  'thumb',
]);

function positive(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Reads one `imeta` tag; undefined when it is not one or has no http(s) `url`. Never throws.
 * Entries without a space are ignored; the first `url`, `m`, `dim`, ... wins.
 */
export function parseImeta(tag: readonly unknown[]): Imeta | undefined {
  if (tag[0] !== 'imeta') return undefined;
  const fields = new Map<string, string>();
  const fallback: string[] = [];
  const image: string[] = [];
  for (const part of tag.slice(1)) {
    if (typeof part !== 'string') continue;
    const i = part.indexOf(' ');
    if (i <= 0) continue;
    const key = part.slice(0, i);
    const value = part.slice(i + 1).trim();
    if (value === '') continue;
    if (key === 'fallback') {
      if (HTTP_URL.test(value)) fallback.push(value);
    } else if (key === 'image') {
      if (HTTP_URL.test(value)) image.push(value);
    } else if (!fields.has(key)) fields.set(key, value);
  }
  const url = fields.get('url');
  if (!url || !HTTP_URL.test(url)) return undefined;
  const out: Imeta = { url, fallback, image, extra: {} };
  const dim = /^(\d{1,6})x(\d{1,6})$/.exec(fields.get('dim') ?? '');
  if (dim && Number(dim[1]) > 0 && Number(dim[2]) > 0) {
    out.width = Number(dim[1]);
    out.height = Number(dim[2]);
  }
  const m = fields.get('m');
  if (m && /^[\w.+-]+\/[\w.+-]+$/.test(m)) out.m = m.toLowerCase();
  const text = (k: 'blurhash' | 'thumbhash' | 'alt') => {
    const v = fields.get(k);
    if (v) out[k] = v;
  };
  text('blurhash');
  text('thumbhash');
  text('alt');
  const x = fields.get('x');
  if (x && /^[0-9a-f]{64}$/.test(x)) out.x = x;
  const size = positive(fields.get('size'));
  if (size !== undefined && Number.isInteger(size)) out.size = size;
  const duration = positive(fields.get('duration'));
  if (duration !== undefined) out.duration = duration;
  const bitrate = positive(fields.get('bitrate'));
  if (bitrate !== undefined) out.bitrate = bitrate;
  const thumb = fields.get('thumb');
  if (thumb && HTTP_URL.test(thumb)) out.thumb = thumb;
  for (const [k, v] of fields) if (!KNOWN_KEYS.has(k)) out.extra[k] = v;
  return out;
}

/** Every readable `imeta` tag of an event, in tag order, one per URL (the first). */
export function imetaOf(event: Pick<NostrEvent, 'tags'>): Imeta[] {
  const out: Imeta[] = [];
  const seen = new Set<string>();
  for (const tag of event.tags) {
    const meta = parseImeta(tag);
    if (!meta || seen.has(meta.url)) continue;
    seen.add(meta.url);
    out.push(meta);
  }
  return out;
}

/** What an author knows of a file when building an `imeta` tag. */
export type ImetaFields = Partial<Omit<Imeta, 'url' | 'extra' | 'fallback' | 'image'>> & {
  url: string;
  fallback?: string[];
  image?: string[];
};

/** Builds an `imeta` tag (fields in NIP-92's example order; empty ones left out). */
export function imetaTag(f: ImetaFields): string[] {
  const tag = ['imeta', `url ${f.url}`];
  if (f.m) tag.push(`m ${f.m}`);
  if (f.width && f.height) tag.push(`dim ${f.width}x${f.height}`);
  if (f.blurhash) tag.push(`blurhash ${f.blurhash}`);
  if (f.thumbhash) tag.push(`thumbhash ${f.thumbhash}`);
  if (f.alt) tag.push(`alt ${f.alt.replace(/\s+/g, ' ').trim()}`);
  if (f.x) tag.push(`x ${f.x}`);
  if (f.size) tag.push(`size ${f.size}`);
  if (f.duration) tag.push(`duration ${f.duration}`);
  if (f.bitrate) tag.push(`bitrate ${f.bitrate}`);
  if (f.thumb) tag.push(`thumb ${f.thumb}`);
  for (const u of f.image ?? []) tag.push(`image ${u}`);
  for (const u of f.fallback ?? []) tag.push(`fallback ${u}`);
  return tag;
}
