import type { Generated, Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/store.ts';

/** One stored file, kept once by its hash (migration 0003-media-uploads). */
export interface MediaBlobsTable {
  sha256: string;
  size: number;
  /** Sniffed from the bytes. */
  mime: string;
  /** Extension of the media type, without the dot (jpg, png, mp4, ...). */
  ext: string;
  width: number | null;
  height: number | null;
  /** Seconds (video). */
  duration: number | null;
  /** 1 for an image with several frames (GIF, animated WebP/PNG). */
  animated: number;
  /** 1 when a poster frame was made (video, ffmpeg installed). */
  poster: number;
  created_at: number;
}

/** Who uploaded a file (a user owns each file once, however often they upload it). */
export interface MediaUploadsTable {
  pubkey: string;
  sha256: string;
  uploaded_at: number;
  /** 'blossom' or 'cache' (the chunked upload of the cache socket). */
  origin: string;
  /** 1 when made by a regular user (no membership): counted in `media_totals` 'regular'. */
  regular: Generated<number>;
}

/** Bytes held for an upload in progress until it completes or `expires_at` (unix seconds). */
export interface MediaReservationsTable {
  id: string;
  pubkey: string;
  bytes: number;
  /** 1 when the uploader is a regular user (counts against SWELL_UPLOAD_TOTAL_MB). */
  regular: number;
  expires_at: number;
}

/** Running totals: 'regular' = bytes of all regular users' uploads (migration 0011). */
export interface MediaTotalsTable {
  scope: string;
  bytes: number;
}

export interface MediaDatabase extends Database {
  media_blobs: MediaBlobsTable;
  media_uploads: MediaUploadsTable;
  media_reservations: MediaReservationsTable;
  media_totals: MediaTotalsTable;
}

/** The store's Kysely handle, typed with the media tables. */
export function mediaDb(store: Store): Kysely<MediaDatabase> {
  return store.db as unknown as Kysely<MediaDatabase>;
}
