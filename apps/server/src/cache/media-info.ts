import type { LinkPreview, MediaInfo, MediaResource } from '@swell/cache-protocol';
import {
  imetaOf,
  MEDIA_EVENT_KINDS,
  parsePicturePost,
  parseVideoEvent,
  type Imeta as NostrImeta,
  type NostrEvent,
} from '@swell/nostr';
import type { StoredMedia } from '../media/media-store.ts';
import { posterUrl } from '../media/media-urls.ts';

const URL_RE = /https?:\/\/[^\s<>"'`]+/g;
const IMAGE = /\.(jpe?g|png|gif|webp|avif|svg|bmp)$/i;
const VIDEO = /\.(mp4|mov|webm|m4v|ogv)$/i;

function mimeOf(url: string): string | undefined {
  const path = url.split(/[?#]/)[0]!;
  const m = IMAGE.exec(path) ?? VIDEO.exec(path);
  if (!m) return undefined;
  const ext = m[1]!.toLowerCase();
  if (IMAGE.test(path))
    return ext === 'jpg' ? 'image/jpeg' : ext === 'svg' ? 'image/svg+xml' : `image/${ext}`;
  return ext === 'mov'
    ? 'video/quicktime'
    : ext === 'm4v'
      ? 'video/mp4'
      : `video/${ext === 'ogv' ? 'ogg' : ext}`;
}

/** Every http(s) URL in a text, trailing punctuation removed. */
export function urlsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(URL_RE)) out.add(m[0].replace(/[.,;:!?)\]]+$/, ''));
  return [...out];
}

interface Imeta {
  w: number;
  h: number;
  mt?: string;
  dur?: number;
  /** A video's preview picture (NIP-71 `image`, else `thumb`). */
  image?: string;
}

function fromImeta(m: NostrImeta): Imeta {
  const out: Imeta = { w: m.width ?? 0, h: m.height ?? 0 };
  if (m.m) out.mt = m.m;
  if (m.duration) out.dur = m.duration;
  const image = m.image[0] ?? m.thumb;
  if (image) out.image = image;
  return out;
}

function imetaByUrl(event: NostrEvent): Map<string, Imeta> {
  const out = new Map<string, Imeta>();
  for (const m of imetaOf(event)) out.set(m.url, fromImeta(m));
  // a video event of the 2024 shape has its file in top-level tags
  const video = parseVideoEvent(event);
  for (const v of video?.variants ?? []) if (!out.has(v.url)) out.set(v.url, fromImeta(v));
  return out;
}

/**
 * The media a picture post or video event is about: its pictures, or its main video (NIP-68,
 * NIP-71: the files are in tags; the content is a description).
 */
function mediaEventUrls(event: NostrEvent): string[] {
  if (event.kind === 20) return parsePicturePost(event)?.images.map((i) => i.url) ?? [];
  const main = parseVideoEvent(event)?.variants[0];
  return main ? [main.url] : [];
}

/**
 * Media URLs of an event: content links to images/videos, the pictures and video of a picture
 * post or video event, and picture/banner of a profile.
 */
export function mediaUrls(event: NostrEvent): string[] {
  if (event.kind === 0) {
    try {
      const p = JSON.parse(event.content) as { picture?: unknown; banner?: unknown };
      return [p.picture, p.banner].filter(
        (u): u is string => typeof u === 'string' && /^https?:\/\//.test(u),
      );
    } catch {
      return [];
    }
  }
  const meta = imetaByUrl(event);
  const inContent = urlsIn(event.content).filter((u) => mimeOf(u) !== undefined || meta.has(u));
  if (!MEDIA_EVENT_KINDS.includes(event.kind)) return inContent;
  return [...new Set([...mediaEventUrls(event), ...inContent])];
}

/** Non-media links of a note (for link previews). */
export function linkUrls(event: NostrEvent): string[] {
  if (event.kind === 0) return [];
  const meta = imetaByUrl(event);
  return urlsIn(event.content).filter((u) => mimeOf(u) === undefined && !meta.has(u));
}

/**
 * The part of a URL the reference web client's media pattern picks out of a note: from an
 * `http:`/`https:` followed only by word characters, `/`, `.`, `-` up to a media extension. For
 * a URL with a port that is not the URL itself (the demo's `/devnet/http:/devnet/media/...`
 * paths are made so that it is a path the page's origin resolves); that client looks media
 * info up by the part, so the resource is listed under it too.
 */
const REFERENCE_MEDIA = /https?:[/|.\w\s-]*\.(?:png|jpg|jpeg|webp|gif|mp4|mov|ogg|webm)/;

function referenceKey(url: string): string | undefined {
  const part = REFERENCE_MEDIA.exec(url)?.[0];
  return part && part !== url ? part : undefined;
}

/**
 * 10000119 for an event: the original plus small/medium/large variants served by this server's
 * /media-cache (resized with sharp on first use). Files uploaded here (`known`, by URL) carry
 * what was measured at upload: type, dimensions, duration, animation, a video's poster frame.
 */
export function mediaInfoOf(
  event: NostrEvent,
  baseUrl: string,
  known?: ReadonlyMap<string, StoredMedia>,
): MediaInfo | undefined {
  const urls = mediaUrls(event);
  if (urls.length === 0) return undefined;
  const meta = imetaByUrl(event);
  const thumbnails: Record<string, string> = {};
  const resources: MediaResource[] = urls.map((url) => {
    const m = meta.get(url);
    const k = known?.get(url);
    const mt = k?.mime ?? m?.mt ?? mimeOf(url) ?? 'image/jpeg';
    const w = k?.width ?? m?.w ?? 0;
    const h = k?.height ?? m?.h ?? 0;
    const a = k ? k.animated : 1;
    const dur = k?.duration ?? m?.dur ?? 0;
    const variants = [{ s: 'o', a, w, h, mt, dur, media_url: url }];
    if (k?.poster) thumbnails[url] = posterUrl(baseUrl, k.sha256);
    else if (m?.image) thumbnails[url] = m.image;
    if (mt.startsWith('image/')) {
      for (const [s, width] of [
        ['s', 200],
        ['m', 400],
        ['l', 800],
      ] as const) {
        const scale = w > 0 ? Math.min(1, width / w) : 1;
        variants.push({
          s,
          a,
          w: w > 0 ? Math.round(w * scale) : 0,
          h: h > 0 ? Math.round(h * scale) : 0,
          mt,
          dur: 0,
          media_url: `${baseUrl}/media-cache?s=${s}&a=${a}&u=${encodeURIComponent(url)}`,
        });
      }
    }
    return { url, mt, variants };
  });
  for (const r of [...resources]) {
    const key = referenceKey(r.url);
    if (!key) continue;
    resources.push({ ...r, url: key });
    if (thumbnails[r.url]) thumbnails[key] = thumbnails[r.url]!;
  }
  const info: MediaInfo = { event_id: event.id, resources };
  if (Object.keys(thumbnails).length > 0) info.thumbnails = thumbnails;
  return info;
}

/** Known previews as a 10000128 for one event; undefined when none is cached yet. */
export function linkPreviewOf(
  event: NostrEvent,
  cached: Map<string, LinkPreview['resources'][number]>,
): LinkPreview | undefined {
  const resources = linkUrls(event).flatMap((u) => cached.get(u) ?? []);
  return resources.length > 0 ? { event_id: event.id, resources } : undefined;
}

/** Words of a text (for 10000144). */
export function wordCount(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}
