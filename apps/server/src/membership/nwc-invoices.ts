import type { Kysely } from 'kysely';
import type { Store } from '../store/store.ts';

/**
 * One invoice of the operator's wallet (migration 0009-nwc-invoices). `state`: 'open' (not paid
 * yet), 'paid' (the wallet said so: `settled_at`), 'expired' (unpaid past its expiry, after a last
 * look). `delivered_at`: when the membership was told of the payment; a paid row without it is
 * told again after a restart. `checked_at`: the last `lookup_invoice`.
 */
export interface NwcInvoicesTable {
  payment_hash: string;
  /** The wallet pubkey of the connection that made it. */
  wallet: string;
  bolt11: string;
  amount_msat: number;
  created_at: number;
  expires_at: number;
  state: string;
  settled_at: number | null;
  delivered_at: number | null;
  checked_at: number;
}

export type NwcInvoiceState = 'open' | 'paid' | 'expired';

export interface NwcInvoice {
  paymentHash: string;
  wallet: string;
  bolt11: string;
  amountMsat: number;
  createdAt: number;
  expiresAt: number;
  state: NwcInvoiceState;
  settledAt: number | null;
  deliveredAt: number | null;
  checkedAt: number;
}

const fromRow = (r: NwcInvoicesTable): NwcInvoice => ({
  paymentHash: r.payment_hash,
  wallet: r.wallet,
  bolt11: r.bolt11,
  amountMsat: Number(r.amount_msat),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  state: r.state === 'paid' || r.state === 'expired' ? r.state : 'open',
  settledAt: r.settled_at === null ? null : Number(r.settled_at),
  deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
  checkedAt: Number(r.checked_at),
});

/**
 * The invoices the wallet connection made for this server, with every change of their state
 * written before it is acted on: a restart (or another instance) picks up where it stopped.
 */
export class NwcInvoices {
  private readonly db: Kysely<{ nwc_invoices: NwcInvoicesTable }>;

  constructor(store: Pick<Store, 'db'>) {
    this.db = store.db as unknown as Kysely<{ nwc_invoices: NwcInvoicesTable }>;
  }

  async add(i: Omit<NwcInvoice, 'state' | 'settledAt' | 'deliveredAt' | 'checkedAt'>) {
    await this.db
      .insertInto('nwc_invoices')
      .values({
        payment_hash: i.paymentHash,
        wallet: i.wallet,
        bolt11: i.bolt11,
        amount_msat: i.amountMsat,
        created_at: i.createdAt,
        expires_at: i.expiresAt,
        state: 'open',
        settled_at: null,
        delivered_at: null,
        checked_at: 0,
      })
      .onConflict((oc) => oc.column('payment_hash').doNothing())
      .execute();
  }

  async get(paymentHash: string): Promise<NwcInvoice | undefined> {
    const r = await this.db
      .selectFrom('nwc_invoices')
      .selectAll()
      .where('payment_hash', '=', paymentHash)
      .executeTakeFirst();
    return r ? fromRow(r) : undefined;
  }

  /**
   * Marks an open (or expired: a payment seen late still counts) invoice paid. True when this
   * call made the change.
   */
  async markPaid(paymentHash: string, settledAt: number): Promise<boolean> {
    const r = await this.db
      .updateTable('nwc_invoices')
      .set({ state: 'paid', settled_at: settledAt })
      .where('payment_hash', '=', paymentHash)
      .where('state', '<>', 'paid')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async markDelivered(paymentHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('nwc_invoices')
      .set({ delivered_at: at })
      .where('payment_hash', '=', paymentHash)
      .execute();
  }

  async markChecked(paymentHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('nwc_invoices')
      .set({ checked_at: at })
      .where('payment_hash', '=', paymentHash)
      .execute();
  }

  async markExpired(paymentHash: string): Promise<void> {
    await this.db
      .updateTable('nwc_invoices')
      .set({ state: 'expired' })
      .where('payment_hash', '=', paymentHash)
      .where('state', '=', 'open')
      .execute();
  }

  /** Paid invoices the membership has not been told of (oldest first). */
  async undelivered(limit: number): Promise<NwcInvoice[]> {
    const rows = await this.db
      .selectFrom('nwc_invoices')
      .selectAll()
      .where('state', '=', 'paid')
      .where('delivered_at', 'is', null)
      .orderBy('settled_at')
      .limit(limit)
      .execute();
    return rows.map(fromRow);
  }

  /**
   * Open invoices of `wallet` to ask about: unexpired or expired since `expiredSince` (a payment
   * may land at the last moment), least recently checked first.
   */
  async open(wallet: string, expiredSince: number, limit: number): Promise<NwcInvoice[]> {
    const rows = await this.db
      .selectFrom('nwc_invoices')
      .selectAll()
      .where('state', '=', 'open')
      .where('wallet', '=', wallet)
      .where('expires_at', '>', expiredSince)
      .orderBy('checked_at')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(fromRow);
  }

  /** Open invoices that expired before `before`: never paid, as far as anyone will ask. */
  async expire(before: number): Promise<void> {
    await this.db
      .updateTable('nwc_invoices')
      .set({ state: 'expired' })
      .where('state', '=', 'open')
      .where('expires_at', '<=', before)
      .execute();
  }
}
