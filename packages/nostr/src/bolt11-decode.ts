import { decode } from 'light-bolt11-decoder';
import { invoiceAmountMsats } from './bolt11.ts';

// Apart from bolt11.ts so that reading an amount (the tokenizer, zap receipts: every feed)
// does not load the decoder and its bech32 code; only a screen that shows an invoice does.

export interface DecodedInvoice {
  paymentRequest: string;
  msats: number | undefined;
  paymentHash: string | undefined;
  description: string | undefined;
  descriptionHash: string | undefined;
  /** Unix seconds. */
  timestamp: number | undefined;
  /** Seconds after timestamp. */
  expiry: number | undefined;
}

/**
 * Fully decodes an invoice with light-bolt11-decoder (checksum included). Returns undefined
 * for anything that is not a valid invoice. Never throws.
 */
export function decodeInvoice(bolt11: string): DecodedInvoice | undefined {
  try {
    const decoded = decode(bolt11.trim());
    const section = (name: string): unknown =>
      (decoded.sections as { name: string; value?: unknown }[]).find((s) => s.name === name)?.value;
    const timestamp = section('timestamp');
    const expiry = decoded.expiry;
    const hash = section('payment_hash');
    const description = section('description');
    const descriptionHash = section('description_hash');
    return {
      paymentRequest: decoded.paymentRequest,
      msats: invoiceAmountMsats(bolt11),
      paymentHash: typeof hash === 'string' ? hash : undefined,
      description: typeof description === 'string' ? description : undefined,
      descriptionHash: typeof descriptionHash === 'string' ? descriptionHash : undefined,
      timestamp: typeof timestamp === 'number' ? timestamp : undefined,
      expiry: typeof expiry === 'number' ? expiry : undefined,
    };
  } catch {
    return undefined;
  }
}
