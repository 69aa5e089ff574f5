import { createHash, type Hash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { open, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NOT_MEDIA, sniffHead } from './media-sniff.ts';
import type { AcceptedUpload, MediaStore } from './media-store.ts';
import { UploadRefused } from './receive-file.ts';

/** Limits of the chunked upload (mutable for tests). */
export const chunkedUploadLimits = {
  /** Largest decoded chunk (the reference sends at most 1 MB). */
  maxChunkBytes: 8 * 1024 * 1024,
  /** Uploads one user may have in progress at once. */
  maxOpenPerUser: 10,
  /** An upload without a chunk for this long is dropped with its partial file. */
  idleMs: 60 * 60_000,
};

interface OpenUpload {
  pubkey: string;
  fileLength: number;
  path: string;
  lastActivity: number;
  /** The room held for the declared file_length (upload-reservations.ts), until it ends. */
  reservation: string | null;
  /** When the reservation's expiry was last pushed back (ms). */
  extendedAt: number;
  /** Set when the first bytes are not a picture or a video: every later chunk is refused. */
  refused?: string;
  /**
   * The hash of the file's contiguous start, advanced as chunks arrive (in any order), so that
   * completing a large file does not read it all again.
   */
  hash: Hash;
  hashedTo: number;
  /** Chunks written past `hashedTo`: offset -> length. */
  unhashed: Map<number, number>;
  /** Hash updates of this upload, one after the other. */
  hashing: Promise<void>;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,100}$/;
const DATA_URL = /^data:[^,]*?;base64,/;

/** A refusal the client sees as NOTICE (it retries chunks, then reports the upload failed). */
export class ChunkRefused extends Error {}

/**
 * The cache socket's chunked upload (cache-protocol.md section 8): chunks of a file arrive as
 * base64 data URLs at byte offsets, in any order and over several sockets, and are written in
 * place into one partial file per (user, upload id) under SWELL_DATA/media/tmp. The first chunk
 * reserves the declared `file_length` against the user's quota (and all regular users'), held
 * while chunks keep coming and released when the upload is cancelled, refused or left idle
 * (`idleMs`). Completion hashes the partial file and hands it to the MediaStore, which turns the
 * reservation into the upload. Nothing of a file is held in memory beyond one chunk.
 */
export class ChunkedUploads {
  private readonly open = new Map<string, OpenUpload>();
  /** First chunks being admitted (several arrive at once: one reservation per upload). */
  private readonly opening = new Map<string, Promise<OpenUpload>>();
  private readonly media: MediaStore;
  private readonly sweeper: NodeJS.Timeout;

  constructor(media: MediaStore) {
    this.media = media;
    this.sweeper = setInterval(
      () => void this.sweep(),
      Math.min(10 * 60_000, chunkedUploadLimits.idleMs),
    );
    this.sweeper.unref();
  }

  static uploadId(value: unknown): string {
    if (typeof value !== 'string' || !UPLOAD_ID.test(value))
      throw new ChunkRefused('invalid upload_id');
    return value;
  }

  private key(pubkey: string, uploadId: string): string {
    return `${pubkey}/${uploadId}`;
  }

  private pathOf(pubkey: string, uploadId: string): string {
    const id = createHash('sha256').update(uploadId).digest('hex').slice(0, 32);
    return join(this.media.tmpDir, `chunked-${pubkey}-${id}.part`);
  }

  /** Writes one chunk at its offset. */
  async chunk(
    pubkey: string,
    uploadId: string,
    offset: number,
    fileLength: number,
    data: string,
  ): Promise<void> {
    const m = DATA_URL.exec(data);
    if (!m) throw new ChunkRefused('invalid data: expected a base64 data URL');
    const bytes = Buffer.from(data.slice(m[0].length), 'base64');
    if (bytes.length === 0) throw new ChunkRefused('empty chunk');
    if (bytes.length > chunkedUploadLimits.maxChunkBytes) throw new ChunkRefused('chunk too large');
    if (offset + bytes.length > fileLength) throw new ChunkRefused('chunk beyond file_length');

    const key = this.key(pubkey, uploadId);
    let up = this.open.get(key) ?? (await this.opening.get(key));
    if (!up) {
      const admitted = this.admit(pubkey, uploadId, fileLength);
      this.opening.set(key, admitted);
      try {
        up = await admitted;
      } finally {
        this.opening.delete(key);
      }
    }
    if (up.fileLength !== fileLength) throw new ChunkRefused('file_length changed');
    if (up.refused) throw new ChunkRefused(up.refused);
    up.lastActivity = Date.now();
    if (up.reservation && up.lastActivity - up.extendedAt > 60_000) {
      up.extendedAt = up.lastActivity;
      await this.media.reservations.extend(up.reservation, this.reservationEnd());
    }
    if (offset === 0 && !(await sniffHead(bytes))) {
      up.refused = NOT_MEDIA;
      await unlink(up.path).catch(() => undefined);
      await this.media.reservations.release(up.reservation);
      up.reservation = null;
      throw new ChunkRefused(NOT_MEDIA);
    }
    // Read-write, created when missing, never truncated: chunks land at their offsets.
    const fh = await open(up.path, constants.O_RDWR | constants.O_CREAT, 0o600);
    try {
      await fh.write(bytes, 0, bytes.length, offset);
    } finally {
      await fh.close();
    }
    const current = up;
    current.unhashed.set(offset, bytes.length);
    current.hashing = current.hashing
      .then(() => this.advanceHash(current))
      .catch(() => {
        current.hashedTo = -1; // give up on the running hash; completion reads the file
      });
    await current.hashing;
  }

  /** Unix seconds a reservation made or extended now lasts until: the idle limit. */
  private reservationEnd(): number {
    return Math.floor((Date.now() + chunkedUploadLimits.idleMs) / 1000);
  }

  /**
   * A new upload: within the user's limits (per file, uploads in progress) and its declared
   * length reserved (refused `storage full: ...` otherwise).
   */
  private async admit(pubkey: string, uploadId: string, fileLength: number): Promise<OpenUpload> {
    const limits = await this.media.limitsFor(pubkey);
    if (fileLength > limits.maxFileBytes) throw new ChunkRefused(this.media.tooLargeReason(limits));
    const self = this.key(pubkey, uploadId);
    let mine = 0;
    for (const k of this.opening.keys()) if (k !== self && k.startsWith(`${pubkey}/`)) mine++;
    for (const u of this.open.values()) if (u.pubkey === pubkey && !u.refused) mine++;
    if (mine >= chunkedUploadLimits.maxOpenPerUser)
      throw new ChunkRefused('too many uploads in progress');
    let reservation: string | null;
    try {
      const idleSeconds = Math.ceil(chunkedUploadLimits.idleMs / 1000);
      reservation = (await this.media.reserve(pubkey, fileLength, idleSeconds)).id;
    } catch (err) {
      throw new ChunkRefused(err instanceof Error ? err.message : 'refused');
    }
    const up: OpenUpload = {
      pubkey,
      fileLength,
      path: this.pathOf(pubkey, uploadId),
      lastActivity: Date.now(),
      reservation,
      extendedAt: Date.now(),
      hash: createHash('sha256'),
      hashedTo: 0,
      unhashed: new Map(),
      hashing: Promise.resolve(),
    };
    this.open.set(this.key(pubkey, uploadId), up);
    return up;
  }

  /** Forgets an upload and gives its reservation up. */
  private async drop(key: string, up: OpenUpload | undefined): Promise<void> {
    if (up && this.open.get(key) === up) this.open.delete(key);
    await this.media.reservations.release(up?.reservation ?? null);
  }

  /** Feeds the running hash with every written chunk that continues the hashed start. */
  private async advanceHash(up: OpenUpload): Promise<void> {
    if (up.hashedTo < 0) return;
    let length = up.unhashed.get(up.hashedTo);
    while (length !== undefined) {
      const start = up.hashedTo;
      up.unhashed.delete(start);
      await pipeline(
        createReadStream(up.path, { start, end: start + length - 1 }),
        async (source) => {
          for await (const piece of source) up.hash.update(piece as Buffer);
        },
      );
      up.hashedTo = start + length;
      length = up.unhashed.get(up.hashedTo);
    }
  }

  /**
   * Checks the assembled file against the announced length and hash (`incorrect sha256` when
   * either differs: a missing or damaged chunk) and stores it.
   */
  async complete(
    pubkey: string,
    uploadId: string,
    fileLength: number,
    sha256: string,
  ): Promise<AcceptedUpload> {
    const key = this.key(pubkey, uploadId);
    const up = this.open.get(key);
    const path = up?.path ?? this.pathOf(pubkey, uploadId);
    if (up?.refused) throw new ChunkRefused(up.refused);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      throw new ChunkRefused('unknown upload_id');
    }
    if (up) await up.hashing;
    let actual: string;
    if (up && up.hashedTo === size && up.unhashed.size === 0) actual = up.hash.digest('hex');
    else {
      // Chunks came through another server instance, or a retried chunk overlapped: read it all.
      const hash = createHash('sha256');
      await pipeline(createReadStream(path), hash);
      actual = hash.digest('hex');
    }
    if (size !== fileLength || actual !== sha256.toLowerCase()) {
      await this.drop(key, up);
      await unlink(path).catch(() => undefined);
      throw new ChunkRefused('incorrect sha256');
    }
    if (up) this.open.delete(key);
    try {
      // Without an upload known here (its chunks came through another instance), `accept`
      // reserves the room itself.
      return await this.media.accept(path, {
        pubkey,
        sha256: actual,
        size,
        origin: 'cache',
        ...(up ? { reservation: up.reservation } : {}),
      });
    } catch (err) {
      if (err instanceof UploadRefused) throw new ChunkRefused(err.message);
      throw err;
    } finally {
      await this.media.reservations.release(up?.reservation ?? null);
    }
  }

  /** Drops an upload in progress, its partial file and its reservation. */
  async cancel(pubkey: string, uploadId: string): Promise<void> {
    const key = this.key(pubkey, uploadId);
    await this.drop(key, this.open.get(key));
    await unlink(this.pathOf(pubkey, uploadId)).catch(() => undefined);
  }

  /**
   * Removes uploads (and stray partial files) idle for longer than `idleMs`, with their
   * reservations, and reservations that ended (a process that stopped mid-upload).
   */
  async sweep(now = Date.now()): Promise<void> {
    for (const [key, up] of this.open) {
      if (now - up.lastActivity > chunkedUploadLimits.idleMs) {
        await this.drop(key, up);
        await unlink(up.path).catch(() => undefined);
      }
    }
    await this.media.reservations.sweep(Math.floor(now / 1000));
    const names = await readdir(this.media.tmpDir).catch(() => [] as string[]);
    for (const name of names) {
      const file = join(this.media.tmpDir, name);
      try {
        if (now - (await stat(file)).mtimeMs > chunkedUploadLimits.idleMs) await unlink(file);
      } catch {
        // gone meanwhile
      }
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
