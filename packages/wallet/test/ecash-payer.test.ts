import { describe, expect, it } from 'vitest';
import { isPaymentError, PaymentError } from '../src/index.ts';
import { EcashError, NutCode, toPaymentError } from '../src/ecash/index.ts';

describe('ecash failures as Payer errors', () => {
  it('maps wallet failures to PaymentError codes, keeping the message and the wallet code', () => {
    const cases: Array<[EcashError, string, string]> = [
      [
        new EcashError('insufficient-funds', 'Not enough funds available'),
        'insufficient_balance',
        'insufficient-funds',
      ],
      [new EcashError('payment-pending', 'in flight'), 'timeout', 'payment-pending'],
      [new EcashError('network', 'down'), 'unreachable', 'network'],
      [new EcashError('invalid-invoice', 'bad'), 'wallet_error', 'invalid-invoice'],
      [
        new EcashError('payment-failed', 'no route', { mintCode: 20004 }),
        'wallet_error',
        'nut-20004',
      ],
      [
        new EcashError('mint-error', 'pending', { mintCode: NutCode.quotePending }),
        'timeout',
        'nut-20005',
      ],
      [new EcashError('locked', 'pin'), 'wallet_error', 'locked'],
    ];
    for (const [err, code, walletCode] of cases) {
      const mapped = toPaymentError(err);
      expect(isPaymentError(mapped)).toBe(true);
      expect({ code: mapped.code, walletCode: mapped.walletCode, message: mapped.message }).toEqual(
        {
          code,
          walletCode,
          message: err.message,
        },
      );
    }
    expect(toPaymentError(new DOMException('stop', 'AbortError')).code).toBe('aborted');
    const passthrough = new PaymentError('rejected');
    expect(toPaymentError(passthrough)).toBe(passthrough);
  });
});
