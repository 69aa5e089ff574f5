/**
 * One way to pay a lightning invoice: a browser wallet extension (WebLN), a remote wallet over
 * Nostr Wallet Connect (NIP-47) or the built-in ecash wallet. Zaps and invoice cards pay
 * through this interface and never care which one it is.
 */
export interface Payer {
  readonly kind: 'webln' | 'nwc' | 'ecash';
  /**
   * Pays a BOLT #11 invoice. Resolves once the wallet reports the payment done; rejects with a
   * `PaymentError`. Aborting stops the waiting, not necessarily the payment: a wallet that
   * already started may still complete it.
   */
  pay(invoice: string, options?: { signal?: AbortSignal }): Promise<PaymentResult>;
  /** The spendable balance, when the wallet tells it. Rejects with a `PaymentError`. */
  getBalance?(options?: { signal?: AbortSignal }): Promise<{ balanceMsat: number }>;
}

export interface PaymentResult {
  /** Hex preimage of the payment hash: the proof of payment. */
  preimage: string;
  feesPaidMsat?: number;
}

/**
 * Why a payment failed. `no_webln_extension` is the spec's catalogue string (section 8);
 * the others follow its style.
 */
export const paymentErrorCodes = [
  /** No WebLN provider (`window.webln`) in this browser. */
  'no_webln_extension',
  /** The wallet did not answer in time; the payment may still complete. */
  'timeout',
  /** The wallet answered with an error (its message is kept). */
  'wallet_error',
  'insufficient_balance',
  /** The user declined in the wallet, or the wallet refused this key (NIP-47 RESTRICTED). */
  'rejected',
  /** The connection is not (or no longer) known to the wallet (NIP-47 UNAUTHORIZED). */
  'unauthorized',
  /** A spending budget of the connection is used up (NIP-47 QUOTA_EXCEEDED). */
  'quota_exceeded',
  /** The wallet's relay could not be reached or refused the request. */
  'unreachable',
  /** The caller aborted (the `signal`). */
  'aborted',
] as const;

export type PaymentErrorCode = (typeof paymentErrorCodes)[number];

const defaultMessages: Record<PaymentErrorCode, string> = {
  no_webln_extension: 'no_webln_extension',
  timeout: 'The wallet did not answer in time; the payment may still complete.',
  wallet_error: 'The wallet could not make the payment.',
  insufficient_balance: 'The wallet does not have enough funds for this payment.',
  rejected: 'The payment was declined in the wallet.',
  unauthorized: 'The wallet does not know this connection; connect it again.',
  quota_exceeded: 'The spending budget of this wallet connection is used up.',
  unreachable: "The wallet's relay could not be reached.",
  aborted: 'The payment was cancelled.',
};

/** A failed payment: `code` for the program, `message` for people (the wallet's own words when it gave some). */
export class PaymentError extends Error {
  readonly code: PaymentErrorCode;
  /** The wallet's own error code, e.g. NIP-47 `PAYMENT_FAILED`, when there is one. */
  readonly walletCode: string | undefined;

  constructor(
    code: PaymentErrorCode,
    message?: string,
    options?: { cause?: unknown; walletCode?: string },
  ) {
    super(message || defaultMessages[code], options?.cause ? { cause: options.cause } : undefined);
    this.name = 'PaymentError';
    this.code = code;
    this.walletCode = options?.walletCode;
  }
}

/** Whether a value is a `PaymentError` (also across bundle copies of this module). */
export function isPaymentError(err: unknown): err is PaymentError {
  return (
    err instanceof PaymentError ||
    (err instanceof Error &&
      err.name === 'PaymentError' &&
      (paymentErrorCodes as readonly string[]).includes((err as PaymentError).code))
  );
}
