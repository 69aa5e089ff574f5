import { HttpResponseError, isMintOperationError, NetworkError } from '@cashu/cashu-ts';

/** User-facing messages (spec section 8 where one fits). */
export const ecashMessages = {
  notEnoughFunds: 'Not enough funds available',
  invalidMnemonic: 'Invalid mnemonic',
  invalidChecksum: 'Invalid checksum',
  mnemonicRejected: 'Tried to instantiate with mnemonic, but mnemonic was invalid',
  badResponse: 'bad response',
  mintUnreachable: 'The mint could not be reached',
  locked: 'The wallet is locked: enter your PIN',
  invalidToken: 'Not a valid ecash token',
  tokenSpent: 'This token has already been redeemed',
  unknownMint: 'This token comes from a mint you have not added',
  invalidInvoice: 'Not a lightning invoice this wallet can pay',
  paymentFailed: 'The lightning payment failed',
} as const;

export type EcashErrorCode =
  | 'insufficient-funds'
  | 'invalid-mnemonic'
  | 'invalid-checksum'
  | 'invalid-token'
  | 'token-spent'
  | 'unknown-mint'
  | 'invalid-invoice'
  | 'invoice-expired'
  | 'quote-unpaid'
  | 'quote-expired'
  | 'payment-failed'
  | 'payment-pending'
  | 'mint-error'
  | 'bad-response'
  | 'network'
  | 'locked'
  | 'invalid-amount'
  | 'invalid-mint-url';

/** A wallet failure; `message` is safe to show, `mintCode` is the NUT error code if a mint sent one. */
export class EcashError extends Error {
  override name = 'EcashError';
  readonly code: EcashErrorCode;
  readonly mintCode?: number;

  constructor(
    code: EcashErrorCode,
    message: string,
    options?: { cause?: unknown; mintCode?: number },
  ) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.code = code;
    if (options?.mintCode !== undefined) this.mintCode = options.mintCode;
  }
}

/** NUT error codes the wallet reacts to (cashubtc/nuts error_codes.md). */
export const NutCode = {
  proofVerificationFailed: 10001,
  proofsSpent: 11001,
  proofsPending: 11002,
  outputsSigned: 11003,
  keysetUnknown: 12001,
  keysetInactive: 12002,
  quoteNotPaid: 20001,
  quoteIssued: 20002,
  paymentFailed: 20004,
  quotePending: 20005,
  invoicePaid: 20006,
  quoteExpired: 20007,
} as const;

const insufficient = /not enough funds|insufficient/i;

/**
 * Any error from cashu-ts or the network as an `EcashError`: a mint's `{code, detail}` keeps its
 * code and detail; an unreadable answer is 'bad response' (spec section 8); a network failure says
 * the mint could not be reached.
 */
export function toEcashError(err: unknown): EcashError {
  if (err instanceof EcashError) return err;
  if (isMintOperationError(err)) {
    const mintCode = err.code;
    const detail = err.message || ecashMessages.badResponse;
    if (mintCode === NutCode.proofsSpent) {
      return new EcashError('token-spent', detail, { cause: err, mintCode });
    }
    if (mintCode === NutCode.quoteNotPaid) {
      return new EcashError('quote-unpaid', detail, { cause: err, mintCode });
    }
    if (mintCode === NutCode.quoteExpired) {
      return new EcashError('quote-expired', detail, { cause: err, mintCode });
    }
    if (mintCode === NutCode.paymentFailed) {
      return new EcashError('payment-failed', detail, { cause: err, mintCode });
    }
    return new EcashError('mint-error', detail, { cause: err, mintCode });
  }
  if (err instanceof NetworkError) {
    return new EcashError('network', ecashMessages.mintUnreachable, { cause: err });
  }
  if (err instanceof HttpResponseError) {
    // Spec section 8: the answer's `error` field, else its `detail`, else 'bad response'.
    const message =
      err.message && err.message !== 'HTTP request failed'
        ? err.message
        : ecashMessages.badResponse;
    return new EcashError('bad-response', message, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  if (insufficient.test(message)) {
    return new EcashError('insufficient-funds', ecashMessages.notEnoughFunds, { cause: err });
  }
  if (err instanceof TypeError && /fetch/i.test(message)) {
    return new EcashError('network', ecashMessages.mintUnreachable, { cause: err });
  }
  return new EcashError('bad-response', message || ecashMessages.badResponse, { cause: err });
}
