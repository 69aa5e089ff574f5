import { isPaymentError, PaymentError, type Payer, type PaymentResult } from '../payer.ts';
import type { HttpOptions } from './fetch-json.ts';
import { lookupZapEndpoint, type LightningProfile, type ZapEndpoint } from './zap-endpoint.ts';
import { ZapError } from './zap-error.ts';
import { requestZapInvoice, type ZapInvoice, type ZapInvoiceOptions } from './zap-invoice.ts';

export interface ZapOptions extends HttpOptions, Omit<ZapInvoiceOptions, 'endpoint'> {
  /** The author's profile (lud16 / lud06), looked up unless `endpoint` is given. */
  profile?: LightningProfile;
  /** An endpoint looked up earlier (`lookupZapEndpoint`), to skip the lookup. */
  endpoint?: ZapEndpoint;
  payer: Payer;
  /** Called with the checked invoice just before paying (show the zap as pending). */
  onInvoice?(zap: ZapInvoice): void;
}

export interface ZapResult extends ZapInvoice {
  payment: PaymentResult;
}

/**
 * Zaps in one call: LNURL-pay lookup, signed zap request, invoice from the callback (checked
 * against the request), payment through the payer. The receipt (kind 9735) is published by
 * the recipient's service afterwards: wait for it with `zapReceiptFilter` / `isReceiptFor`.
 * Throws `ZapError`; `payment_failed` carries the payer's `PaymentError`.
 */
export async function zap(options: ZapOptions): Promise<ZapResult> {
  const endpoint = options.endpoint ?? (await lookupZapEndpoint(options.profile ?? {}, options));
  const ready = await requestZapInvoice({ ...options, endpoint });
  options.onInvoice?.(ready);
  let payment: PaymentResult;
  try {
    payment = await options.payer.pay(
      ready.invoice,
      options.signal ? { signal: options.signal } : {},
    );
  } catch (err) {
    const paymentError = isPaymentError(err)
      ? err
      : new PaymentError('wallet_error', err instanceof Error ? err.message : undefined, {
          cause: err,
        });
    throw new ZapError('payment_failed', paymentError.message, { cause: err, paymentError });
  }
  return { ...ready, payment };
}
