import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Store } from '../store/store.ts';
import { mediaDb, type MediaDatabase } from './media-tables.ts';
import { UploadRefused } from './receive-file.ts';
import { formatLimit, type UploadLimits } from './upload-limits.ts';

/** Bytes held for an upload in progress (`id` null: nothing to hold, the user has the file). */
export interface Reservation {
  id: string | null;
  bytes: number;
}

/** What `reserve` is asked for: a size, or as much as the per-file limit and the room allow. */
export type ReserveAmount = number | 'up-to-file-limit';

type Tx = Transaction<MediaDatabase>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Upload quotas, checked and taken atomically: every upload reserves its size before its bytes
 * are kept (a Blossom PUT its Content-Length, a chunked upload its declared `file_length`, held
 * until it completes, is cancelled or expires), and the reservation becomes the upload's row
 * when the file is stored. Each check runs in a transaction that first locks the one row of
 * `media_totals` (PostgreSQL: FOR UPDATE, so instances sharing the database take turns; SQLite
 * runs one transaction at a time), then counts the user's stored and reserved bytes against
 * their quota and, for a regular user, all regular users' bytes (a running total kept in that
 * row) against SWELL_UPLOAD_TOTAL_MB. Concurrent uploads can therefore never store more than a
 * quota, and fresh keys cannot multiply it without bound.
 */
export class UploadReservations {
  private readonly db: Kysely<MediaDatabase>;
  private readonly dialect: Store['dialect'];
  private readonly regularTotalBytes: number;

  constructor(store: Store, regularTotalBytes: number) {
    this.db = mediaDb(store);
    this.dialect = store.dialect;
    this.regularTotalBytes = regularTotalBytes;
  }

  /**
   * Reserves `amount` bytes for `pubkey` until `ttlSeconds` from now; refuses (UploadRefused
   * 413 or 429, the reason for `X-Reason` or the NOTICE) what their limits do not allow. A file
   * `sha256` they already have costs nothing.
   */
  async reserve(
    pubkey: string,
    limits: UploadLimits,
    amount: ReserveAmount,
    ttlSeconds: number,
    sha256?: string,
  ): Promise<Reservation> {
    if (typeof amount === 'number' && amount > limits.maxFileBytes)
      throw new UploadRefused(413, tooLarge(limits));
    return this.db.transaction().execute(async (tx) => {
      const now = nowSeconds();
      await this.lock(tx);
      if (sha256 && (await this.owns(tx, pubkey, sha256))) return { id: null, bytes: 0 };
      const room = await this.room(tx, pubkey, limits, now);
      const bytes =
        amount === 'up-to-file-limit' ? Math.min(limits.maxFileBytes, room.left) : amount;
      if (bytes <= 0 || bytes > room.left) throw room.refusal();
      const id = randomBytes(12).toString('hex');
      await tx
        .insertInto('media_reservations')
        .values({
          id,
          pubkey,
          bytes,
          regular: limits.tier === 'regular' ? 1 : 0,
          expires_at: now + ttlSeconds,
        })
        .execute();
      return { id, bytes };
    });
  }

  /** Keeps a reservation until `expiresAt` (a chunked upload still receiving chunks). */
  async extend(id: string, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('media_reservations')
      .set({ expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  /** Gives a reservation up (idempotent: nothing happens when it became an upload). */
  async release(id: string | null): Promise<void> {
    if (id) await this.db.deleteFrom('media_reservations').where('id', '=', id).execute();
  }

  /**
   * Records that `pubkey` uploaded the stored file `sha256` of `size` bytes, in place of their
   * reservation `id`, in one transaction under the lock. Without a live reservation that
   * covers the size (it expired, or the chunks came through another instance), the quota is
   * checked here instead. Resolves when the user first uploaded the file.
   */
  async record(
    upload: { pubkey: string; sha256: string; size: number; origin: string; at: number },
    limits: UploadLimits,
    id: string | null,
  ): Promise<number> {
    const { pubkey, sha256, size } = upload;
    return this.db.transaction().execute(async (tx) => {
      const now = nowSeconds();
      await this.lock(tx);
      const owned = await tx
        .selectFrom('media_uploads')
        .select('uploaded_at')
        .where('pubkey', '=', pubkey)
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (!owned) {
        const held = id
          ? await tx
              .selectFrom('media_reservations')
              .select('bytes')
              .where('id', '=', id)
              .where('expires_at', '>', now)
              .executeTakeFirst()
          : undefined;
        if (!held || Number(held.bytes) < size) {
          const room = await this.room(tx, pubkey, limits, now, id);
          if (size > room.left) throw room.refusal();
        }
        const regular = limits.tier === 'regular' ? 1 : 0;
        await tx
          .insertInto('media_uploads')
          .values({ pubkey, sha256, uploaded_at: upload.at, origin: upload.origin, regular })
          .execute();
        if (regular) await this.addToTotal(tx, size);
      }
      if (id) await tx.deleteFrom('media_reservations').where('id', '=', id).execute();
      return owned ? Number(owned.uploaded_at) : upload.at;
    });
  }

  /** Removes `pubkey`'s upload row of `sha256`; false when there was none. */
  async removeUpload(pubkey: string, sha256: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await this.lock(tx);
      const row = await tx
        .selectFrom('media_uploads as u')
        .innerJoin('media_blobs as b', 'b.sha256', 'u.sha256')
        .select(['u.regular', 'b.size'])
        .where('u.pubkey', '=', pubkey)
        .where('u.sha256', '=', sha256)
        .executeTakeFirst();
      if (!row) return false;
      await tx
        .deleteFrom('media_uploads')
        .where('pubkey', '=', pubkey)
        .where('sha256', '=', sha256)
        .execute();
      if (Number(row.regular) === 1) await this.addToTotal(tx, -Number(row.size));
      return true;
    });
  }

  /**
   * Refuses what `pubkey` could not reserve now (a preflight: HEAD /upload), without reserving.
   */
  async check(pubkey: string, limits: UploadLimits, size: number, sha256?: string): Promise<void> {
    if (size > limits.maxFileBytes) throw new UploadRefused(413, tooLarge(limits));
    await this.db.transaction().execute(async (tx) => {
      if (sha256 && (await this.owns(tx, pubkey, sha256))) return;
      const room = await this.room(tx, pubkey, limits, nowSeconds());
      if (size > room.left) throw room.refusal();
    });
  }

  /** Drops reservations that ended before `now` (unix seconds). */
  async sweep(now = nowSeconds()): Promise<void> {
    await this.db.deleteFrom('media_reservations').where('expires_at', '<=', now).execute();
  }

  /** The row every reservation and record takes in turn. */
  private async lock(tx: Tx): Promise<void> {
    let q = tx.selectFrom('media_totals').select('bytes').where('scope', '=', 'regular');
    if (this.dialect === 'postgres') q = q.forUpdate();
    if (await q.executeTakeFirst()) return;
    await tx
      .insertInto('media_totals')
      .values({ scope: 'regular', bytes: 0 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (this.dialect === 'postgres') await q.executeTakeFirst();
  }

  private async owns(tx: Tx, pubkey: string, sha256: string): Promise<boolean> {
    const row = await tx
      .selectFrom('media_uploads')
      .select('sha256')
      .where('pubkey', '=', pubkey)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async addToTotal(tx: Tx, bytes: number): Promise<void> {
    await tx
      .updateTable('media_totals')
      .set((eb) => ({ bytes: eb('bytes', '+', bytes) }))
      .where('scope', '=', 'regular')
      .execute();
  }

  /**
   * How many more bytes `pubkey` may take now (their quota, and for a regular user what is left
   * of all regular users' storage), counting stored files and live reservations (but `except`),
   * and the refusal to give when that is not enough.
   */
  private async room(
    tx: Tx,
    pubkey: string,
    limits: UploadLimits,
    now: number,
    except: string | null = null,
  ): Promise<{ left: number; refusal: () => UploadRefused }> {
    const sum = (v: unknown) => Number(v ?? 0);
    const stored = await tx
      .selectFrom('media_uploads as u')
      .innerJoin('media_blobs as b', 'b.sha256', 'u.sha256')
      .select((eb) => eb.fn.sum<number | string | null>('b.size').as('total'))
      .where('u.pubkey', '=', pubkey)
      .executeTakeFirst();
    let mine = tx
      .selectFrom('media_reservations')
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
      .where('pubkey', '=', pubkey)
      .where('expires_at', '>', now);
    if (except) mine = mine.where('id', '<>', except);
    const used = sum(stored?.total) + sum((await mine.executeTakeFirst())?.total);
    const userLeft = limits.quotaBytes - used;
    const userFull = () =>
      new UploadRefused(
        429,
        `storage full: ${formatLimit(limits.quotaBytes)} of uploads allowed, ${formatLimit(used)} used`,
      );
    if (limits.tier !== 'regular') return { left: userLeft, refusal: userFull };

    const total = await tx
      .selectFrom('media_totals')
      .select('bytes')
      .where('scope', '=', 'regular')
      .executeTakeFirst();
    let open = tx
      .selectFrom('media_reservations')
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
      .where('regular', '=', 1)
      .where('expires_at', '>', now);
    if (except) open = open.where('id', '<>', except);
    const serverLeft =
      this.regularTotalBytes - sum(total?.bytes) - sum((await open.executeTakeFirst())?.total);
    if (userLeft <= serverLeft) return { left: userLeft, refusal: userFull };
    return {
      left: serverLeft,
      refusal: () =>
        new UploadRefused(
          429,
          `server storage full: uploads by users without membership may take ${formatLimit(this.regularTotalBytes)} on this server, and that is used up`,
        ),
    };
  }
}

function tooLarge(limits: UploadLimits): string {
  return `file too large: the upload limit is ${formatLimit(limits.maxFileBytes)}`;
}
