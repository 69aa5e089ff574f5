/**
 * Lightning for membership purchases, provided from outside the server: the devnet's invoice
 * ledger in development and tests (apps/devnet registers one through its ServerExtension), a
 * real node or payment service in production. Without a provider, purchases answer the NOTICE
 * `payments are not configured on this server`.
 */
export interface PaymentProvider {
  /** For logs and /health-style reports ('devnet', ...). */
  readonly name: string;
  /** US dollars per bitcoin (`target_currency` other than USD is refused before asking). */
  usdPerBtc(): Promise<number>;
  /** Issues an invoice. */
  createInvoice(opts: {
    amountMsat: number;
    description: string;
    expirySeconds: number;
  }): Promise<ProvidedInvoice>;
  /**
   * Registers the listener told about every paid invoice of this provider. The provider awaits
   * it, so a payer that waits for the payment sees the membership in place afterwards.
   */
  onPaid(listener: (payment: PaidInvoice) => Promise<void>): void;
  /** The state of one invoice (to catch up on a payment whose notice was missed). */
  invoiceStatus(paymentHash: string): Promise<'open' | 'paid' | 'expired' | 'unknown'>;
  /**
   * Whether `name@host` lightning addresses of this server's names are served (the devnet's
   * LNURL-pay answers for every name); the membership status shows one then.
   */
  readonly servesLightningAddresses?: boolean;
}

export interface ProvidedInvoice {
  bolt11: string;
  paymentHash: string;
  /** Unix seconds. */
  expiresAt: number;
}

export interface PaidInvoice {
  paymentHash: string;
  /** Unix seconds. */
  paidAt: number;
  amountMsat: number;
}

/** The NOTICE of a purchase or exchange-rate request without a provider. */
export const PAYMENTS_NOT_CONFIGURED = 'payments are not configured on this server';
