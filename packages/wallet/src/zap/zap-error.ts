import type { PaymentError } from '../payer.ts';

/** The spec's user message (section 8) when the author cannot be zapped. */
export const ZAP_UNAVAILABLE = 'zap unavailable for author';

export const zapErrorCodes = [
  /** The author has no usable lud16/lud06, or their service does not take zaps (NIP-57). */
  'zap_unavailable',
  /** The LNURL service could not be reached or answered with an error (`reason` holds its words). */
  'lnurl_failed',
  /** Outside the service's minSendable..maxSendable. */
  'amount_out_of_range',
  /** The signer did not sign the zap request. */
  'not_signed',
  /** The signed zap request fails NIP-57 validation; `message` is the spec's string (section 8). */
  'invalid_request',
  /** The service returned something that is not a valid invoice. */
  'invoice_invalid',
  /** The invoice does not match the request (amount, description hash). Never paid. */
  'invoice_mismatch',
  'invoice_expired',
  /** The payer failed; `paymentError` says how (`no_webln_extension`, `timeout`, ...). */
  'payment_failed',
  'aborted',
] as const;

export type ZapErrorCode = (typeof zapErrorCodes)[number];

/** A zap that could not be made. Nothing was paid unless `code` is `payment_failed` with a `timeout`. */
export class ZapError extends Error {
  readonly code: ZapErrorCode;
  /** The LNURL service's own reason, verbatim, for `lnurl_failed`. */
  readonly reason: string | undefined;
  /** The payer's error, for `payment_failed`. */
  readonly paymentError: PaymentError | undefined;

  constructor(
    code: ZapErrorCode,
    message: string,
    options: { cause?: unknown; reason?: string; paymentError?: PaymentError } = {},
  ) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'ZapError';
    this.code = code;
    this.reason = options.reason;
    this.paymentError = options.paymentError;
  }
}
