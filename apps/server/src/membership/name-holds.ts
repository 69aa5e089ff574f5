import type { Kysely, Transaction } from 'kysely';
import type { StoreDialect } from '../store/store.ts';
import type { MembershipDatabase, MembershipNameHoldsTable } from './membership-tables.ts';

/** A live hold: who the name is kept for, and until when (unix seconds). */
export interface NameHold {
  receiver: string;
  holderId: string;
  expiresAt: number;
}

/** The outcome of `take`: the hold, or whose it is and until when. */
export type HoldOutcome = { held: true } | { held: false; until: number };

const fromRow = (r: MembershipNameHoldsTable): NameHold => ({
  receiver: r.receiver,
  holderId: r.quote_id,
  expiresAt: Number(r.expires_at),
});

/**
 * Premium names held for one open purchase at a time (table `membership_name_holds`): a quote
 * for a name takes its hold atomically, in one statement (an upsert that only replaces a hold
 * that expired or is the same receiver's), so among buyers asking at the same moment, on one
 * instance or several sharing PostgreSQL, exactly one gets it; the others are told until when
 * it is held. A rename holds the name for the moment it takes. The name registry stays the
 * authority on who HAS a name; holds cover the time between a quote and its payment.
 */
export class NameHolds {
  private readonly db: Kysely<MembershipDatabase>;
  private readonly dialect: StoreDialect;

  constructor(db: Kysely<MembershipDatabase>, dialect: StoreDialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /**
   * Holds `name` for `receiver` (by `holderId`) until `expiresAt`, unless another receiver's
   * hold is still running. A receiver asking again moves their hold to the new holder.
   */
  async take(
    name: string,
    receiver: string,
    holderId: string,
    expiresAt: number,
    now: number,
  ): Promise<HoldOutcome> {
    const taken = await this.db
      .insertInto('membership_name_holds')
      .values({ name, receiver, quote_id: holderId, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({
            receiver: eb.ref('excluded.receiver'),
            quote_id: eb.ref('excluded.quote_id'),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('membership_name_holds.expires_at', '<=', now),
              eb('membership_name_holds.receiver', '=', eb.ref('excluded.receiver')),
            ]),
          ),
      )
      .returning('quote_id')
      .executeTakeFirst();
    if (taken) return { held: true };
    const other = await this.current(name, now);
    // Released between the two statements: try once more (a release is never undone).
    if (!other) return this.take(name, receiver, holderId, expiresAt, now);
    return { held: false, until: other.expiresAt };
  }

  /** The running hold of `name`, if any. */
  async current(name: string, now: number): Promise<NameHold | undefined> {
    const r = await this.db
      .selectFrom('membership_name_holds')
      .selectAll()
      .where('name', '=', name)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return r ? fromRow(r) : undefined;
  }

  /** Shortens (or lengthens) the hold of `holderId` (the invoice's real expiry). */
  async setExpiry(name: string, holderId: string, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('membership_name_holds')
      .set({ expires_at: expiresAt })
      .where('name', '=', name)
      .where('quote_id', '=', holderId)
      .execute();
  }

  /** Ends the hold of `holderId` on `name` (a failed quote, a rename done). */
  async release(name: string, holderId: string): Promise<void> {
    await this.db
      .deleteFrom('membership_name_holds')
      .where('name', '=', name)
      .where('quote_id', '=', holderId)
      .execute();
  }

  /**
   * Inside a transaction: the hold of `name` (expired or not), locked until the transaction ends
   * on PostgreSQL (SQLite runs one transaction at a time anyway).
   */
  async lockIn(tx: Transaction<MembershipDatabase>, name: string): Promise<NameHold | undefined> {
    let q = tx.selectFrom('membership_name_holds').selectAll().where('name', '=', name);
    if (this.dialect === 'postgres') q = q.forUpdate();
    const r = await q.executeTakeFirst();
    return r ? fromRow(r) : undefined;
  }

  /** Inside a transaction: ends every hold of `receiver` on `name` (the name is theirs now). */
  async releaseIn(
    tx: Transaction<MembershipDatabase>,
    name: string,
    receiver: string,
  ): Promise<void> {
    await tx
      .deleteFrom('membership_name_holds')
      .where('name', '=', name)
      .where('receiver', '=', receiver)
      .execute();
  }

  /** Removes holds that ended before `now`. */
  async sweep(now: number): Promise<void> {
    await this.db.deleteFrom('membership_name_holds').where('expires_at', '<=', now).execute();
  }
}
