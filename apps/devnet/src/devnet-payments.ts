import type { PaidInvoice, PaymentProvider, ProvidedInvoice } from '@swell/server';
import type { InvoiceLedger } from './invoice-ledger.ts';

/** The devnet's fixed exchange rate unless set otherwise: 100,000 US dollars per bitcoin. */
export const DEFAULT_DEVNET_USD_PER_BTC = 100_000;

/**
 * Membership purchases paid on the devnet: invoices from the devnet ledger (pay them with
 * `POST /devnet/pay`, the NWC wallet service or the WebLN stand-in), at a fixed exchange rate
 * that tests and demos may set (`setUsdPerBtc`, `POST /devnet/exchange-rate`,
 * SWELL_DEVNET_USD_PER_BTC).
 */
export class DevnetPayments implements PaymentProvider {
  readonly name = 'devnet';
  /** The devnet's LNURL-pay answers for every name on this host. */
  readonly servesLightningAddresses = true;
  private readonly ledger: InvoiceLedger;
  private rate: number;

  constructor(ledger: InvoiceLedger, usdPerBtc = DEFAULT_DEVNET_USD_PER_BTC) {
    this.ledger = ledger;
    this.rate = checkedRate(usdPerBtc);
  }

  setUsdPerBtc(rate: number): void {
    this.rate = checkedRate(rate);
  }

  async usdPerBtc(): Promise<number> {
    return this.rate;
  }

  async createInvoice(opts: {
    amountMsat: number;
    description: string;
    expirySeconds: number;
  }): Promise<ProvidedInvoice> {
    const invoice = this.ledger.issue(opts);
    return {
      bolt11: invoice.bolt11,
      paymentHash: invoice.paymentHash,
      expiresAt: invoice.expiresAt,
    };
  }

  onPaid(listener: (payment: PaidInvoice) => Promise<void>): void {
    this.ledger.onPaid((invoice) =>
      listener({
        paymentHash: invoice.paymentHash,
        paidAt: invoice.paidAt ?? Math.floor(Date.now() / 1000),
        amountMsat: invoice.amountMsat,
      }),
    );
  }

  async invoiceStatus(paymentHash: string): Promise<'open' | 'paid' | 'expired' | 'unknown'> {
    const invoice = this.ledger.get(paymentHash);
    if (!invoice) return 'unknown';
    if (invoice.status === 'paid') return 'paid';
    return invoice.expiresAt <= Math.floor(Date.now() / 1000) ? 'expired' : 'open';
  }
}

/** A usable rate (US dollars per bitcoin), or an error saying what is wrong. */
export function checkedRate(rate: number): number {
  if (!Number.isFinite(rate) || rate < 1 || rate > 1e9)
    throw new Error('the exchange rate must be between 1 and 1,000,000,000 US dollars per bitcoin');
  return rate;
}
