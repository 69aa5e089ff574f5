import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  MEMBERSHIP_PRODUCTS,
  isMembershipProductId,
  type MembershipProductId,
  type PurchaseHistoryItem,
} from '@swell/cache-protocol';
import type { Members } from './members.ts';
import type { MembershipDatabase, MembershipQuotesTable } from './membership-tables.ts';

/** A quote (an invoice offered for a product). */
export interface Quote {
  id: string;
  payer: string;
  receiver: string;
  productId: MembershipProductId;
  name: string;
  amountUsdCents: number;
  amountMsat: number;
  bolt11: string;
  paymentHash: string;
  createdAt: number;
  expiresAt: number;
  completedAt: number | null;
  /** Paid after its name went to someone else: the membership was given without the name. */
  nameUnavailable: boolean;
}

/** Gives a completed quote's name inside its transaction; false when it cannot be had. */
export type GiveName = (tx: Transaction<MembershipDatabase>, quote: Quote) => Promise<boolean>;

function fromRow(r: Selectable<MembershipQuotesTable>): Quote {
  return {
    id: r.id,
    payer: r.payer,
    receiver: r.receiver,
    productId: isMembershipProductId(r.product_id) ? r.product_id : '3-months-premium',
    name: r.name,
    amountUsdCents: Number(r.amount_usd_cents),
    amountMsat: Number(r.amount_msat),
    bolt11: r.bolt11,
    paymentHash: r.payment_hash,
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
    nameUnavailable: Number(r.name_unavailable ?? 0) === 1,
  };
}

/** Decimal string of `usdCents / 100` ("21", "1000.5"). */
export function usdString(usdCents: number): string {
  return String(usdCents / 100);
}

/** Decimal string of `msat` in bitcoin, 8 decimals at most ("0.00021"). */
export function btcString(msat: number): string {
  const sats = Math.round(msat / 1000);
  const whole = Math.floor(sats / 1e8);
  const frac = String(sats % 1e8)
    .padStart(8, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** The quotes table: offers, their payment, and the purchase history. */
export class Purchases {
  private readonly db: Kysely<MembershipDatabase>;
  private readonly members: Members;

  constructor(db: Kysely<MembershipDatabase>, members: Members) {
    this.db = db;
    this.members = members;
  }

  async create(q: Omit<Quote, 'completedAt' | 'nameUnavailable'>): Promise<Quote> {
    await this.db
      .insertInto('membership_quotes')
      .values({
        id: q.id,
        payer: q.payer,
        receiver: q.receiver,
        product_id: q.productId,
        name: q.name,
        amount_usd_cents: q.amountUsdCents,
        amount_msat: q.amountMsat,
        bolt11: q.bolt11,
        payment_hash: q.paymentHash,
        created_at: q.createdAt,
        expires_at: q.expiresAt,
        completed_at: null,
      })
      .execute();
    return { ...q, completedAt: null, nameUnavailable: false };
  }

  async byId(id: string): Promise<Quote | undefined> {
    const r = await this.db
      .selectFrom('membership_quotes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? fromRow(r) : undefined;
  }

  /**
   * Marks the quote of `paymentHash` paid, applies it to the receiver's membership and gives its
   * name (`giveName`), in one transaction. A payment is never lost: when the name cannot be had
   * (`giveName` answers false, or fails, e.g. a registration of the same name on another
   * instance at the same moment), the membership is applied without it and the quote is marked
   * `nameUnavailable` (the member renames for free). Returns the completed quote, or undefined
   * when there is no such open quote (unknown invoice, or completed already: by this call's twin
   * on another instance).
   */
  async complete(
    paymentHash: string,
    paidAt: number,
    giveName?: GiveName,
    onNameFailure?: (err: unknown) => void,
  ): Promise<Quote | undefined> {
    try {
      return await this.completeOnce(paymentHash, paidAt, giveName);
    } catch (err) {
      if (!giveName) throw err;
      onNameFailure?.(err);
      return this.completeOnce(paymentHash, paidAt, undefined, err);
    }
  }

  private async completeOnce(
    paymentHash: string,
    paidAt: number,
    giveName: GiveName | undefined,
    nameFailure?: unknown,
  ): Promise<Quote | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .selectFrom('membership_quotes')
        .selectAll()
        .where('payment_hash', '=', paymentHash)
        .executeTakeFirst();
      if (!r || r.completed_at !== null) return undefined;
      const done = await tx
        .updateTable('membership_quotes')
        .set({ completed_at: paidAt })
        .where('id', '=', r.id)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return undefined;
      const q = fromRow(r);
      const product = MEMBERSHIP_PRODUCTS[q.productId];
      await this.members.apply(tx, {
        pubkey: q.receiver,
        tier: product.tier,
        months: product.months ?? 0,
        usdCents: q.amountUsdCents,
        paidAt,
      });
      let nameUnavailable = false;
      if (q.name) {
        nameUnavailable = nameFailure !== undefined || !giveName || !(await giveName(tx, q));
        if (nameUnavailable)
          await tx
            .updateTable('membership_quotes')
            .set({ name_unavailable: 1 })
            .where('id', '=', q.id)
            .execute();
      }
      return { ...q, completedAt: paidAt, nameUnavailable };
    });
  }

  /**
   * Completed purchases paid by or for `pubkey`, newest first: `purchased_at <= until`,
   * skipping `offset` rows at the boundary.
   */
  async history(
    pubkey: string,
    page: { limit: number; until: number; offset: number },
  ): Promise<PurchaseHistoryItem[]> {
    const rows = await this.db
      .selectFrom('membership_quotes')
      .selectAll()
      .where((eb) => eb.or([eb('payer', '=', pubkey), eb('receiver', '=', pubkey)]))
      .where('completed_at', 'is not', null)
      .where('completed_at', '<=', page.until)
      .orderBy('completed_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map((r) => {
      const q = fromRow(r);
      return {
        membership_quote_id: q.id,
        purchased_at: q.completedAt!,
        product_id: q.productId,
        product_label: MEMBERSHIP_PRODUCTS[q.productId].label,
        amount_btc: btcString(q.amountMsat),
        amount_usd: usdString(q.amountUsdCents),
        currency: 'btc',
        receiver_pubkey: q.receiver,
        ...(q.name ? { name: q.name } : {}),
        ...(q.nameUnavailable ? { name_unavailable: true as const } : {}),
      };
    });
  }
}
