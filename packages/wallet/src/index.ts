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
