/**
 * A refusal the mint answers with HTTP 400 `{code, detail}` (NUT-00); codes from the NUTs'
 * error_codes.md, 10000 for a malformed request.
 */
export class MintError extends Error {
  override name = 'MintError';
  readonly code: number;

  constructor(code: number, detail: string) {
    super(detail);
    this.code = code;
  }
}

export const MintErrorCode = {
  badRequest: 10000,
  proofVerificationFailed: 10001,
  proofsSpent: 11001,
  proofsPending: 11002,
  outputsSigned: 11003,
  notBalanced: 11005,
  amountOutOfRange: 11006,
  duplicateInputs: 11007,
  duplicateOutputs: 11008,
  amountlessInvoice: 11011,
  unitNotSupported: 11013,
  maxInputs: 11014,
  maxOutputs: 11015,
  keysetUnknown: 12001,
  keysetInactive: 12002,
  quoteNotPaid: 20001,
  quoteIssued: 20002,
  paymentFailed: 20004,
  quotePending: 20005,
  invoicePaid: 20006,
  quoteExpired: 20007,
} as const;
