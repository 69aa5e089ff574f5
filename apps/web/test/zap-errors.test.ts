import { describe, expect, it } from 'vitest';
import { PaymentError, ZapError } from '@swell/wallet';
import { zapFailureMessage } from '@/features/zaps/zap-errors.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { zaps } from '@/i18n/en/zaps.ts';
import '@/i18n/index.ts';

addStrings({ zaps });

const paying = (err: PaymentError) =>
  new ZapError('payment_failed', err.message, { paymentError: err });

describe('what a failed zap or payment tells the user (spec section 8)', () => {
  it('says zap unavailable for author, and the NIP-57 validation message as the reason', () => {
    expect(zapFailureMessage(new ZapError('zap_unavailable', 'zap unavailable for author'))).toBe(
      'zap unavailable for author',
    );
    expect(
      zapFailureMessage(new ZapError('invalid_request', "Zap request doesn't have a 'p' tag.")),
    ).toBe("Zap failed: Zap request doesn't have a 'p' tag.");
  });

  it('says a wallet that did not answer may still pay, and a missing extension is needed', () => {
    const timeout = 'The wallet did not answer in time. The payment may still complete.';
    expect(zapFailureMessage(paying(new PaymentError('timeout')))).toBe(timeout);
    expect(zapFailureMessage(new PaymentError('timeout', 'no answer in 60 s'))).toBe(timeout);
    expect(zapFailureMessage(paying(new PaymentError('no_webln_extension')))).toBe(
      'A lightning wallet extension is needed to pay.',
    );
    expect(zapFailureMessage(paying(new PaymentError('rejected')))).toBe(
      'The payment was cancelled.',
    );
  });

  it("shows the wallet's own error (NIP-47 answers) as the reason", () => {
    const err = new PaymentError('insufficient_balance', 'Not enough sats in the wallet.', {
      walletCode: 'INSUFFICIENT_BALANCE',
    });
    expect(zapFailureMessage(paying(err))).toBe('Zap failed: Not enough sats in the wallet.');
    const failed = new PaymentError('wallet_error', 'This invoice has already been paid.', {
      walletCode: 'PAYMENT_FAILED',
    });
    expect(zapFailureMessage(failed)).toBe('Zap failed: This invoice has already been paid.');
    expect(
      zapFailureMessage(
        new ZapError(
          'invoice_mismatch',
          'The invoice is for 1 millisats, not the 42000 of the zap.',
        ),
      ),
    ).toBe('Zap failed: The invoice is for 1 millisats, not the 42000 of the zap.');
  });
});
