/**
 * Upload rules shared by the server and the client (spec sections 5 and 9, cache-protocol.md
 * sections 8 and 11): what may be uploaded, how big, and how the reference client cuts a file
 * into chunks for `upload_chunk`.
 */

export const MB = 1024 * 1024;

/** Upload limits per file in MB by membership tier (reference constants: 100, 1024, 1024). */
export const UPLOAD_LIMIT_MB = {
  regular: 100,
  premium: 1024,
  'premium-legend': 1024,
} as const;

export type UploadTier = keyof typeof UPLOAD_LIMIT_MB;

/** The per-file limit in bytes of a tier (an unknown tier is regular). */
export function uploadLimitBytes(tier: string | undefined): number {
  const mb =
    tier && Object.hasOwn(UPLOAD_LIMIT_MB, tier)
      ? UPLOAD_LIMIT_MB[tier as UploadTier]
      : UPLOAD_LIMIT_MB.regular;
  return mb * MB;
}

/**
 * Media types accepted for upload, as sniffed from the bytes (never from a name): pictures and
 * video that browsers or phones show. Other "image" formats (CAD drawings, layered editor files,
 * camera raw) and SVG (a document that can carry scripts) are refused.
 */
export const UPLOADABLE_MIME_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/jxl',
  'image/x-icon',
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/webm',
  'video/matroska',
  'video/ogg',
  'video/mpeg',
  'video/mp2t',
  'video/3gpp',
  'video/3gpp2',
]);

export function isUploadableMime(mime: string | undefined): boolean {
  return mime !== undefined && UPLOADABLE_MIME_TYPES.has(mime.toLowerCase());
}

/**
 * Chunk size of the reference client for a file of `size` bytes: the whole file under 0.5 MB,
 * 256 KB under 1 MB, 512 KB under 12 MB, else 1 MB.
 */
export function uploadChunkSize(size: number): number {
  if (size < MB / 2) return Math.max(size, 1);
  if (size < MB) return MB / 4;
  if (size < 12 * MB) return MB / 2;
  return MB;
}

/** Kind of the signed `upload_chunk` / `upload_complete` request event. */
export const UPLOAD_REQUEST_KIND = 10000135;

/** Content of an `upload_chunk` request event (`data` is a base64 data URL). */
export interface UploadChunkContent {
  upload_id: string;
  offset: number;
  file_length: number;
  data: string;
}

/** Content of an `upload_complete` request event (`sha256` in lowercase hex). */
export interface UploadCompleteContent {
  upload_id: string;
  file_length: number;
  sha256: string;
}

/** Content of a cancel (`upload_cancel`, or `upload_chunk` carrying only the id). */
export interface UploadCancelContent {
  upload_id: string;
}
