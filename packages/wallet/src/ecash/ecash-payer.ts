import { PaymentError, type PaymentErrorCode } from '../payer.ts';
import { NutCode, toEcashError, type EcashErrorCode } from './errors.ts';

const codes: Partial<Record<EcashErrorCode, PaymentErrorCode>> = {
  'insufficient-funds': 'insufficient_balance',
  // In flight at the mint: it may still complete, like a wallet that did not answer in time.
  'payment-pending': 'timeout',
  network: 'unreachable',
  'bad-response': 'unreachable',
};

/**
 * An ecash wallet failure as the `Payer` contract's `PaymentError`, with the wallet's own message
 * (for instance 'Not enough funds available') and its code in `walletCode` (the mint's NUT code
 * when there is one, as `nut-<code>`).
 */
export function toPaymentError(err: unknown): PaymentError {
  if (err instanceof PaymentError) return err;
  if (err instanceof DOMException && err.name === 'AbortError') {
    return new PaymentError('aborted', undefined, { cause: err });
  }
  const error = toEcashError(err);
  let code: PaymentErrorCode = codes[error.code] ?? 'wallet_error';
  if (error.mintCode === NutCode.quotePending) code = 'timeout';
  return new PaymentError(code, error.message, {
    cause: err,
    walletCode: error.mintCode !== undefined ? `nut-${error.mintCode}` : error.code,
  });
}
