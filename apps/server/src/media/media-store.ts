import { randomBytes } from 'node:crypto';
import type { MembershipTier } from '@swell/cache-protocol';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Store } from '../store/store.ts';
import { ChunkedUploads } from './chunked-uploads.ts';
import { makePoster } from './ffmpeg-poster.ts';
import { probeMedia } from './media-probe.ts';
import { NOT_MEDIA, sniffFile } from './media-sniff.ts';
import { mediaDb, type MediaBlobsTable } from './media-tables.ts';
import { UploadRefused } from './receive-file.ts';
import {
  formatLimit,
  regularTotalBytes,
  uploadLimitsFor,
  type UploadLimits,
} from './upload-limits.ts';
import { UploadReservations, type ReserveAmount, type Reservation } from './upload-reservations.ts';

/** How long a Blossom upload, or a file being stored, holds its reservation (seconds). */
export const RECEIVE_RESERVATION_SECONDS = 15 * 60;

/** A stored file. */
export type StoredMedia = MediaBlobsTable;

/** A stored file as one user's upload. */
export interface OwnedMedia extends StoredMedia {
  uploaded_at: number;
  origin: string;
}

/** The outcome of `accept`. */
export interface AcceptedUpload {
  media: StoredMedia;
  /** The file was new to this server (Blossom answers 201 then, else 200). */
  created: boolean;
  /** When this user first uploaded it. */
  uploadedAt: number;
}

export interface ListOptions {
  /** sha256 of the last file of the previous page (BUD-12 cursor). */
  cursor?: string;
  limit: number;
  since?: number;
  until?: number;
}

/** Runs tasks with the same key one after the other (this process only). */
class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await next;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/**
 * Uploaded files under SWELL_DATA/media: each file once by its hash (`blobs/<ab>/<sha256>`), who
 * uploaded it in the store (media_uploads), and what is known of it (media_blobs: type sniffed
 * from the bytes, dimensions, duration, poster frame). Both upload protocols end in `accept`.
 */
export class MediaStore {
  readonly root: string;
  readonly blobsDir: string;
  readonly tmpDir: string;
  readonly postersDir: string;
  /** The cache socket's chunked uploads in progress. */
  readonly chunks: ChunkedUploads;
  /** Quotas taken atomically: bytes held by uploads in progress. */
  readonly reservations: UploadReservations;
  private readonly lock = new KeyedLock();
  /** Poster frames being made (awaited by `close`). */
  private readonly background = new Set<Promise<unknown>>();
  private readonly store: Store;
  private readonly config: ServerConfig;
  private readonly log: FastifyBaseLogger;

  private readonly tierOf: (pubkey: string) => Promise<MembershipTier>;

  /** `tierOf` tells a user's membership tier (the membership service); everyone is regular without it. */
  constructor(deps: {
    store: Store;
    config: ServerConfig;
    log: FastifyBaseLogger;
    tierOf?: (pubkey: string) => Promise<MembershipTier>;
  }) {
    this.store = deps.store;
    this.tierOf = deps.tierOf ?? (async () => 'none');
    this.config = deps.config;
    this.log = deps.log;
    this.root = join(deps.config.dataDir, 'media');
    this.blobsDir = join(this.root, 'blobs');
    this.tmpDir = join(this.root, 'tmp');
    this.postersDir = join(this.root, 'posters');
    for (const dir of [this.blobsDir, this.tmpDir, this.postersDir]) {
      mkdirSync(dir, { recursive: true });
    }
    this.reservations = new UploadReservations(deps.store, regularTotalBytes(deps.config));
    this.chunks = new ChunkedUploads(this);
  }

  /** Stops the sweeper and waits for poster frames being made. */
  async close(): Promise<void> {
    this.chunks.close();
    await Promise.allSettled([...this.background]);
  }

  /** The limits of one user (upload-limits.ts decides). */
  limitsFor(pubkey: string): Promise<UploadLimits> {
    return uploadLimitsFor({ config: this.config, tierOf: this.tierOf }, pubkey);
  }

  /** Refusal text of a file above the per-file limit. */
  tooLargeReason(limits: UploadLimits): string {
    return `file too large: the upload limit is ${formatLimit(limits.maxFileBytes)}`;
  }

  /** A fresh name for a file being received. */
  tempFile(): string {
    return join(this.tmpDir, `${Date.now()}-${randomBytes(12).toString('hex')}.part`);
  }

  blobPath(sha256: string): string {
    return join(this.blobsDir, sha256.slice(0, 2), sha256);
  }

  /** Resized pictures of an upload (/media-cache), removed with it. */
  variantsDir(sha256: string): string {
    return join(this.root, 'variants', sha256);
  }

  posterPath(sha256: string): string {
    return join(this.postersDir, `${sha256}.jpg`);
  }

  async get(sha256: string): Promise<StoredMedia | undefined> {
    return mediaDb(this.store)
      .selectFrom('media_blobs')
      .selectAll()
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  }

  /** Stored files among `hashes`, by hash. */
  async getMany(hashes: readonly string[]): Promise<Map<string, StoredMedia>> {
    const out = new Map<string, StoredMedia>();
    const unique = [...new Set(hashes)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await mediaDb(this.store)
        .selectFrom('media_blobs')
        .selectAll()
        .where('sha256', 'in', unique.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.sha256, r);
    }
    return out;
  }

  /** Bytes of a user's uploads by media type (the membership's storage summary). */
  async bytesByMime(pubkey: string): Promise<{ mime: string; bytes: number }[]> {
    const rows = await mediaDb(this.store)
      .selectFrom('media_uploads as u')
      .innerJoin('media_blobs as b', 'b.sha256', 'u.sha256')
      .select((eb) => ['b.mime', eb.fn.sum<number | string | null>('b.size').as('bytes')])
      .where('u.pubkey', '=', pubkey)
      .groupBy('b.mime')
      .execute();
    return rows.map((r) => ({ mime: r.mime, bytes: Number(r.bytes ?? 0) }));
  }

  async owns(pubkey: string, sha256: string): Promise<boolean> {
    const row = await mediaDb(this.store)
      .selectFrom('media_uploads')
      .select('sha256')
      .where('pubkey', '=', pubkey)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Refuses (UploadRefused) what this user may not store now: a file above the per-file limit
   * (413) or one that would take them past their storage or all regular users' (429), uploads
   * in progress counted. A file they already have costs nothing. Reserves nothing (a preflight).
   */
  async checkAllowance(pubkey: string, sha256: string | undefined, size: number): Promise<void> {
    await this.reservations.check(pubkey, await this.limitsFor(pubkey), size, sha256);
  }

  /**
   * Reserves room for an upload of `pubkey` about to be received (upload-reservations.ts), or
   * refuses it (UploadRefused 413/429). Release it (`reservations.release`) when the upload
   * fails; `accept` turns it into the upload.
   */
  async reserve(
    pubkey: string,
    amount: ReserveAmount,
    ttlSeconds: number,
    sha256?: string,
  ): Promise<Reservation & { limits: UploadLimits }> {
    const limits = await this.limitsFor(pubkey);
    return {
      ...(await this.reservations.reserve(pubkey, limits, amount, ttlSeconds, sha256)),
      limits,
    };
  }

  /**
   * Takes a fully received file (hash and size already computed from its bytes) into the store
   * for `pubkey`: sniffs its type (only pictures and video), keeps one copy per hash, records the
   * upload in place of its `reservation` (reserving now when the caller made none: `undefined`)
   * and what is known of the media. The temporary file is moved or removed in every case.
   */
  async accept(
    tmpFile: string,
    upload: {
      pubkey: string;
      sha256: string;
      size: number;
      origin: 'blossom' | 'cache';
      reservation?: string | null;
    },
  ): Promise<AcceptedUpload> {
    try {
      return await this.lock.run(upload.sha256, () => this.acceptLocked(tmpFile, upload));
    } finally {
      await unlink(tmpFile).catch(() => undefined);
    }
  }

  private async acceptLocked(
    tmpFile: string,
    upload: {
      pubkey: string;
      sha256: string;
      size: number;
      origin: 'blossom' | 'cache';
      reservation?: string | null;
    },
  ): Promise<AcceptedUpload> {
    const { pubkey, sha256, size, origin } = upload;
    let own: string | null = null;
    let limits: UploadLimits;
    let reservation = upload.reservation ?? null;
    if (upload.reservation === undefined) {
      const r = await this.reserve(pubkey, size, RECEIVE_RESERVATION_SECONDS, sha256);
      ({ limits } = r);
      own = reservation = r.id;
    } else limits = await this.limitsFor(pubkey);
    try {
      return await this.storeFile(tmpFile, { pubkey, sha256, size, origin }, limits, reservation);
    } finally {
      await this.reservations.release(own);
    }
  }

  private async storeFile(
    tmpFile: string,
    upload: { pubkey: string; sha256: string; size: number; origin: 'blossom' | 'cache' },
    limits: UploadLimits,
    reservation: string | null,
  ): Promise<AcceptedUpload> {
    const { pubkey, sha256, size, origin } = upload;
    const now = Math.floor(Date.now() / 1000);
    let media = await this.get(sha256);
    let created = false;
    if (!media) {
      const type = await sniffFile(tmpFile);
      if (!type) throw new UploadRefused(415, NOT_MEDIA);
      const facts = await probeMedia(tmpFile, type.mime);
      const target = this.blobPath(sha256);
      await mkdir(join(this.blobsDir, sha256.slice(0, 2)), { recursive: true });
      await rename(tmpFile, target);
      media = {
        sha256,
        size,
        mime: type.mime,
        ext: type.ext,
        width: facts.width,
        height: facts.height,
        duration: facts.duration,
        animated: facts.animated ? 1 : 0,
        poster: 0,
        created_at: now,
      };
      await mediaDb(this.store)
        .insertInto('media_blobs')
        .values(media)
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      created = true;
      this.log.info({ sha256, size, mime: type.mime, pubkey }, 'media stored');
      if (type.mime.startsWith('video/')) this.posterLater(sha256, facts.duration);
    }
    try {
      const uploadedAt = await this.reservations.record(
        { pubkey, sha256, size, origin, at: now },
        limits,
        reservation,
      );
      return { media, created, uploadedAt };
    } catch (err) {
      // refused after all (the reservation had expired and the room is gone): no orphan file
      if (created) await this.dropIfUnowned(sha256);
      throw err;
    }
  }

  /**
   * Makes a video's poster frame after the upload is answered (ffmpeg may take a while on a
   * large file); media info shows it once made. Nothing happens without ffmpeg.
   */
  private posterLater(sha256: string, duration: number | null): void {
    const ffmpeg = this.config.ffmpeg ?? 'ffmpeg';
    if (ffmpeg === '0') return;
    const job = (async () => {
      const made = await makePoster(
        ffmpeg,
        this.blobPath(sha256),
        this.posterPath(sha256),
        duration,
      );
      if (!made) return;
      await mediaDb(this.store)
        .updateTable('media_blobs')
        .set({ poster: 1 })
        .where('sha256', '=', sha256)
        .execute();
    })().catch((err: unknown) => this.log.warn({ err, sha256 }, 'poster frame failed'));
    this.background.add(job);
    void job.finally(() => this.background.delete(job));
  }

  /** A user's uploads, newest first (BUD-12 paging: after the cursor's file). */
  async list(pubkey: string, opts: ListOptions): Promise<OwnedMedia[]> {
    const db = mediaDb(this.store);
    let q = db
      .selectFrom('media_uploads as u')
      .innerJoin('media_blobs as b', 'b.sha256', 'u.sha256')
      .selectAll('b')
      .select(['u.uploaded_at', 'u.origin'])
      .where('u.pubkey', '=', pubkey);
    if (opts.since !== undefined) q = q.where('u.uploaded_at', '>=', opts.since);
    if (opts.until !== undefined) q = q.where('u.uploaded_at', '<=', opts.until);
    if (opts.cursor) {
      const at = await db
        .selectFrom('media_uploads')
        .select('uploaded_at')
        .where('pubkey', '=', pubkey)
        .where('sha256', '=', opts.cursor)
        .executeTakeFirst();
      if (!at) return [];
      const cursor = opts.cursor;
      q = q.where((eb) =>
        eb.or([
          eb('u.uploaded_at', '<', at.uploaded_at),
          eb.and([eb('u.uploaded_at', '=', at.uploaded_at), eb('u.sha256', '<', cursor)]),
        ]),
      );
    }
    return q
      .orderBy('u.uploaded_at', 'desc')
      .orderBy('u.sha256', 'desc')
      .limit(opts.limit)
      .execute();
  }

  /**
   * Removes a user's upload; the file itself goes when nobody else has uploaded it. Resolves
   * false when the user had no such upload.
   */
  async remove(pubkey: string, sha256: string): Promise<boolean> {
    return this.lock.run(sha256, async () => {
      if (!(await this.reservations.removeUpload(pubkey, sha256))) return false;
      await this.dropIfUnowned(sha256);
      return true;
    });
  }

  /** Removes a stored file nobody has uploaded (any more). */
  private async dropIfUnowned(sha256: string): Promise<void> {
    const db = mediaDb(this.store);
    const others = await db
      .selectFrom('media_uploads')
      .select('pubkey')
      .where('sha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    if (others) return;
    await db.deleteFrom('media_blobs').where('sha256', '=', sha256).execute();
    await unlink(this.blobPath(sha256)).catch(() => undefined);
    await unlink(this.posterPath(sha256)).catch(() => undefined);
    await rm(this.variantsDir(sha256), { recursive: true, force: true });
    this.log.info({ sha256 }, 'media removed');
  }
}
