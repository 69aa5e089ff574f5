import { isPaymentError, ZapError } from '@swell/wallet';
import { i18n } from '@/i18n/index.ts';

/**
 * What to tell the user when a zap or an invoice payment fails (spec section 8): "zap
 * unavailable for author", the zap request validation messages, "extension needed", "zap fail"
 * with the wallet's reason; a time-out says the payment may still complete.
 */
export function zapFailureMessage(err: unknown): string {
  const t = i18n.t;
  if (err instanceof ZapError) {
    if (err.code === 'zap_unavailable') return t('zaps.unavailable');
    if (err.code === 'payment_failed' && err.paymentError)
      return paymentFailureMessage(err.paymentError);
    return t('zaps.failedBecause', { reason: err.message });
  }
  if (isPaymentError(err)) return paymentFailureMessage(err);
  const reason = err instanceof Error && err.message ? err.message : '';
  return reason ? t('zaps.failedBecause', { reason }) : t('zaps.failed');
}

function paymentFailureMessage(err: { code: string; message: string }): string {
  const t = i18n.t;
  switch (err.code) {
    case 'no_webln_extension':
      return t('zaps.extensionNeeded');
    case 'timeout':
      return t('zaps.timeout');
    case 'rejected':
    case 'aborted':
      return t('zaps.rejected');
    default:
      return err.message ? t('zaps.failedBecause', { reason: err.message }) : t('zaps.failed');
  }
}
