import { imetaOf, imetaTag, type Imeta, type ImetaFields } from './imeta.ts';
import { Kind } from './kinds.ts';
import { getTagValue, getTagValues } from './tags.ts';
import type { EventTemplate, NostrEvent } from './types.ts';

/** NIP-68 picture posts (kind 20) and NIP-71 video events (21, 22, 34235, 34236). */

export const VIDEO_KINDS: readonly number[] = [
  Kind.Video,
  Kind.ShortVideo,
  Kind.AddressableVideo,
  Kind.AddressableShortVideo,
];

/** Kinds whose whole point is their media: picture posts and video events. */
export const MEDIA_EVENT_KINDS: readonly number[] = [Kind.Picture, ...VIDEO_KINDS];

export function isVideoKind(kind: number): boolean {
  return VIDEO_KINDS.includes(kind);
}

/** The picture types NIP-68 accepts. */
export const PICTURE_MIME_TYPES: readonly string[] = [
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
];

export interface PicturePost {
  title?: string;
  /** The description (content). */
  description: string;
  /** The pictures, in tag order: `imeta` tags of an accepted type (or no stated type). */
  images: Imeta[];
  contentWarning?: string;
  hashtags: string[];
  /** NIP-31 summary, if the author wrote one. */
  alt?: string;
}

function contentWarning(event: NostrEvent): string | undefined {
  const t = event.tags.find((x) => x[0] === 'content-warning');
  return t ? (typeof t[1] === 'string' ? t[1] : '') : undefined;
}

function hashtags(event: NostrEvent): string[] {
  return [...new Set(getTagValues(event, 't').map((t) => t.toLowerCase()))];
}

function text(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

/** Reads a kind 20 picture post; undefined when it is not one or has no picture. Never throws. */
export function parsePicturePost(event: NostrEvent): PicturePost | undefined {
  if (event.kind !== Kind.Picture) return undefined;
  const images = imetaOf(event).filter(
    (m) => m.m === undefined || PICTURE_MIME_TYPES.includes(m.m),
  );
  if (images.length === 0) return undefined;
  const post: PicturePost = { description: event.content, images, hashtags: hashtags(event) };
  const title = text(getTagValue(event, 'title'));
  if (title) post.title = title;
  const cw = contentWarning(event);
  if (cw !== undefined) post.contentWarning = cw;
  const alt = text(getTagValue(event, 'alt'));
  if (alt) post.alt = alt;
  return post;
}

const VIDEO_URL = /\.(mp4|webm|mov|m4v|ogv|m3u8)(?:[?#]|$)/i;
const AUDIO_URL = /\.(mp3|m4a|aac|ogg|opus|wav|flac)(?:[?#]|$)/i;

function isVideoMeta(m: Imeta): boolean {
  if (m.m) return m.m.startsWith('video/') || m.m === 'application/x-mpegurl';
  return VIDEO_URL.test(m.url);
}

function isAudioMeta(m: Imeta): boolean {
  return m.m ? m.m.startsWith('audio/') : AUDIO_URL.test(m.url);
}

export interface VideoEvent {
  kind: number;
  /** Kinds 22 and 34236: short, mostly vertical videos. */
  short: boolean;
  /** Kinds 34235 and 34236, addressed by `kind:pubkey:identifier`. */
  addressable: boolean;
  identifier?: string;
  title?: string;
  /** The summary (content). */
  description: string;
  publishedAt?: number;
  /** Variants of the video (resolutions, formats), in tag order: the first is the main one. */
  variants: Imeta[];
  /** Separate audio tracks (NIP-71 `imeta` with an audio type). */
  audioTracks: Imeta[];
  /** Seconds: the main variant's, else the event's `duration` tag. */
  duration?: number;
  /** A preview picture: the first variant's `image`, else its `thumb`, else the event's. */
  image?: string;
  alt?: string;
  contentWarning?: string;
  hashtags: string[];
}

/**
 * The older NIP-71 shape (2023-2024, kinds 34235/34236 only): `url`, `m`, `dim`, `duration`,
 * `thumb` and `image` as top-level tags. Read as one `imeta`.
 */
function topLevelVariant(event: NostrEvent): Imeta | undefined {
  const url = getTagValue(event, 'url');
  if (!url || !/^https?:\/\/\S+$/i.test(url)) return undefined;
  const tag = ['imeta', `url ${url}`];
  for (const k of ['m', 'dim', 'duration', 'x', 'size', 'thumb', 'blurhash'] as const) {
    const v = getTagValue(event, k);
    if (v) tag.push(`${k} ${v}`);
  }
  const image = getTagValue(event, 'image');
  if (image) tag.push(`image ${image}`);
  const variants = imetaOf({ tags: [tag] });
  return variants[0];
}

/** Reads a NIP-71 video event; undefined when it is not one or has no video URL. Never throws. */
export function parseVideoEvent(event: NostrEvent): VideoEvent | undefined {
  if (!isVideoKind(event.kind)) return undefined;
  const metas = imetaOf(event);
  const variants = metas.filter(isVideoMeta);
  const audioTracks = metas.filter((m) => !isVideoMeta(m) && isAudioMeta(m));
  if (variants.length === 0) {
    const old = topLevelVariant(event);
    if (old) variants.push(old);
  }
  if (variants.length === 0) return undefined;
  const addressable =
    event.kind === Kind.AddressableVideo || event.kind === Kind.AddressableShortVideo;
  const video: VideoEvent = {
    kind: event.kind,
    short: event.kind === Kind.ShortVideo || event.kind === Kind.AddressableShortVideo,
    addressable,
    description: event.content,
    variants,
    audioTracks,
    hashtags: hashtags(event),
  };
  if (addressable) video.identifier = getTagValue(event, 'd') ?? '';
  const title = text(getTagValue(event, 'title'));
  if (title) video.title = title;
  const published = Number(getTagValue(event, 'published_at'));
  if (Number.isSafeInteger(published) && published > 0) video.publishedAt = published;
  const main = variants[0]!;
  const duration = main.duration ?? Number(getTagValue(event, 'duration'));
  if (Number.isFinite(duration) && duration > 0) video.duration = duration;
  const image =
    main.image[0] ??
    main.thumb ??
    text(getTagValue(event, 'image')) ??
    text(getTagValue(event, 'thumb'));
  if (image && /^https?:\/\/\S+$/i.test(image)) video.image = image;
  const alt = text(getTagValue(event, 'alt'));
  if (alt) video.alt = alt;
  const cw = contentWarning(event);
  if (cw !== undefined) video.contentWarning = cw;
  return video;
}

/** The video kind for a file of that size: 22 (short) when it is taller than wide, else 21. */
export function videoKindFor(size: { width?: number; height?: number }): number {
  return size.width && size.height && size.height > size.width ? Kind.ShortVideo : Kind.Video;
}

export interface MediaPostParams {
  /** The description (content). */
  content: string;
  title?: string;
  hashtags?: string[];
  contentWarning?: string;
  /** Unix seconds; now by default. */
  createdAt?: number;
}

function commonTags(p: MediaPostParams): string[][] {
  const tags: string[][] = [];
  const title = p.title?.trim();
  if (title) tags.push(['title', title]);
  if (p.contentWarning !== undefined) tags.push(['content-warning', p.contentWarning]);
  for (const t of new Set((p.hashtags ?? []).map((h) => h.replace(/^#/, '').toLowerCase())))
    if (t) tags.push(['t', t]);
  return tags;
}

/**
 * Builds an unsigned kind 20 picture post: one `imeta` per picture, with `m` and `x` tags for
 * filters as NIP-68 shows. Throws when there is no picture or one is not an accepted type.
 */
export function picturePostTemplate(
  params: MediaPostParams & { images: ImetaFields[] },
): EventTemplate {
  if (params.images.length === 0) throw new Error('a picture post needs a picture');
  const tags = commonTags(params);
  for (const img of params.images) {
    if (!img.m || !PICTURE_MIME_TYPES.includes(img.m))
      throw new Error(`not a picture type NIP-68 accepts: ${img.m ?? 'unknown'}`);
    tags.push(imetaTag(img));
  }
  for (const m of new Set(params.images.map((i) => i.m!))) tags.push(['m', m]);
  for (const x of new Set(params.images.flatMap((i) => (i.x ? [i.x] : [])))) tags.push(['x', x]);
  return {
    kind: Kind.Picture,
    created_at: params.createdAt ?? Math.floor(Date.now() / 1000),
    tags,
    content: params.content,
  };
}

/**
 * Builds an unsigned video event, kind 21 or 22 by the first variant's aspect (`videoKindFor`).
 * NIP-71 wants a title: without one, the first line of the content (up to 80 characters) is used.
 * Throws when there is no variant or one is not a video type.
 */
export function videoEventTemplate(
  params: MediaPostParams & { variants: ImetaFields[]; alt?: string },
): EventTemplate {
  const main = params.variants[0];
  if (!main) throw new Error('a video event needs a video');
  for (const v of params.variants)
    if (!v.m || !v.m.startsWith('video/')) throw new Error(`not a video type: ${v.m ?? 'unknown'}`);
  const title =
    params.title?.trim() || params.content.split('\n')[0]!.trim().slice(0, 80) || 'Video';
  const tags = commonTags({ ...params, title });
  const createdAt = params.createdAt ?? Math.floor(Date.now() / 1000);
  tags.push(['published_at', String(createdAt)]);
  if (params.alt?.trim()) tags.push(['alt', params.alt.trim()]);
  for (const v of params.variants) tags.push(imetaTag(v));
  return { kind: videoKindFor(main), created_at: createdAt, tags, content: params.content };
}
