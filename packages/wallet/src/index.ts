export { encodeBolt11, encodeInvoiceAmount, nodePublicKey } from './bolt11-encode.ts';
export type { InvoiceFields } from './bolt11-encode.ts';
export { recoverInvoicePayee } from './bolt11-payee.ts';
export {
  decodeLnurl,
  encodeLnurl,
  isPlainHttpHost,
  lightningAddressUrl,
  lnurlCallbackUrl,
  lnurlPayUrl,
  parseLightningAddress,
  parseLnurlInvoice,
  parseLnurlPayParams,
  supportsZaps,
} from './lnurl.ts';
export type { LnurlPayParams } from './lnurl.ts';
export { PaymentError, isPaymentError, paymentErrorCodes } from './payer.ts';
export type { Payer, PaymentErrorCode, PaymentResult } from './payer.ts';
export { WebLnPayer, hasWebLn } from './webln-payer.ts';
export type { WebLnPayerOptions, WebLnProvider } from './webln-payer.ts';
export * from './nwc/index.ts';
export * from './zap/index.ts';
export {
  invoiceSecondsLeft,
  isInvoiceExpired,
  parseLightningInvoice,
} from './lightning-invoice.ts';
export type { LightningInvoice, LightningNetwork } from './lightning-invoice.ts';
export { parseBitcoinUri, payableInvoice } from './bitcoin-uri.ts';
export type { BitcoinUri } from './bitcoin-uri.ts';
