import { EcashError } from './errors.ts';

/** The largest amount the wallet handles in one operation (sats). */
export const MAX_AMOUNT = 2_100_000_000_000_000;

/** A positive whole number of sats, or `EcashError` 'invalid-amount'. */
export function checkAmount(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    throw new EcashError('invalid-amount', 'The amount must be a positive whole number of sats');
  }
  return amount;
}
