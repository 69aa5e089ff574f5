import {
  PICTURE_MIME_TYPES,
  picturePostTemplate,
  videoEventTemplate,
  type EventTemplate,
  type ImetaFields,
} from '@swell/nostr';

/** What the composer knows of an uploaded file (an `UploadResult` of the uploads entry). */
export interface UploadedFile {
  url: string;
  sha256: string;
  mime: string;
  size: number;
  width?: number;
  height?: number;
  blurhash?: string;
  /** Seconds (video). */
  duration?: number;
  /** A video's poster frame. */
  thumb?: string;
}

/** The post a set of attachments can also be: a NIP-68 picture post or a NIP-71 video. */
export type MediaPostKind = 'pictures' | 'video';

/**
 * Whether these files may go out as a media event instead of a note: every one a picture of a
 * type NIP-68 accepts (a picture post), or a single video (a video event). Null otherwise.
 */
export function mediaPostKind(files: readonly Pick<UploadedFile, 'mime'>[]): MediaPostKind | null {
  if (files.length === 0) return null;
  if (files.every((f) => PICTURE_MIME_TYPES.includes(f.mime))) return 'pictures';
  if (files.length === 1 && files[0]!.mime.startsWith('video/')) return 'video';
  return null;
}

function imetaFields(f: UploadedFile, alt: string | undefined): ImetaFields {
  const fields: ImetaFields = { url: f.url, m: f.mime, x: f.sha256, size: f.size };
  if (f.width && f.height) Object.assign(fields, { width: f.width, height: f.height });
  if (f.blurhash) fields.blurhash = f.blurhash;
  if (alt?.trim()) fields.alt = alt.trim();
  if (f.duration !== undefined && f.duration > 0) fields.duration = f.duration;
  if (f.thumb) fields.image = [f.thumb];
  return fields;
}

export interface MediaPostInput {
  /** The text: the post's description (the files' URLs are not added to it). */
  content: string;
  files: readonly UploadedFile[];
  /** Alt text per file (same order), for people who cannot see it. */
  alts?: readonly (string | undefined)[];
  hashtags?: string[];
}

/**
 * The unsigned media event for the composer's files: a kind 20 picture post with one `imeta`
 * per picture (dimensions, blurhash, alt), or a kind 21 video (22 when it is taller than wide,
 * NIP-71's short video) whose title is the text's first line. Throws when `mediaPostKind` says
 * the files are neither.
 */
export function mediaPostTemplate(input: MediaPostInput): EventTemplate {
  const kind = mediaPostKind(input.files);
  const fields = input.files.map((f, i) => imetaFields(f, input.alts?.[i]));
  const common = { content: input.content.trim(), hashtags: input.hashtags ?? [] };
  if (kind === 'pictures') return picturePostTemplate({ ...common, images: fields });
  if (kind === 'video')
    return videoEventTemplate({
      ...common,
      variants: fields,
      ...(fields[0]!.alt ? { alt: fields[0]!.alt } : {}),
    });
  throw new Error('these files make neither a picture post nor a video');
}
