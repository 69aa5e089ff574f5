import { parseLightningInvoice, type LightningInvoice } from './lightning-invoice.ts';

/** A BIP-21 `bitcoin:` URI, with the lightning invoice of its `lightning` parameter (BIP-21 unified QR). */
export interface BitcoinUri {
  uri: string;
  /** The on-chain address (may be empty in lightning-only URIs). */
  address: string;
  /** The `amount` parameter (bitcoins, decimal) in whole sats. */
  amountSats?: number;
  label?: string;
  message?: string;
  /** The `lightning` parameter, decoded; absent when missing or not a valid invoice. */
  lightning?: LightningInvoice;
}

const AMOUNT = /^(\d{1,8})(?:\.(\d{1,8}))?$/;

/** BIP-21 amount (decimal bitcoins) to sats, exactly; undefined when malformed. */
function btcToSats(value: string): number | undefined {
  const m = AMOUNT.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100_000_000 + Number((m[2] ?? '').padEnd(8, '0'));
}

/**
 * Reads a `bitcoin:` URI (case-insensitive scheme and keys; values percent-decoded). Returns
 * undefined when the text is not a bitcoin URI; never throws.
 */
export function parseBitcoinUri(text: string): BitcoinUri | undefined {
  if (typeof text !== 'string') return undefined;
  const uri = text.trim();
  if (!/^bitcoin:/i.test(uri)) return undefined;
  const rest = uri.slice('bitcoin:'.length).replace(/^\/\//, '');
  const q = rest.indexOf('?');
  const address = q < 0 ? rest : rest.slice(0, q);
  if (!/^[a-zA-Z0-9]*$/.test(address)) return undefined;
  const result: BitcoinUri = { uri, address };
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  } catch {
    return result;
  }
  for (const [rawKey, value] of params) {
    const key = rawKey.toLowerCase();
    if (key === 'amount') {
      const sats = btcToSats(value);
      if (sats !== undefined) result.amountSats = sats;
    } else if (key === 'label') result.label = value;
    else if (key === 'message') result.message = value;
    else if (key === 'lightning') {
      const invoice = parseLightningInvoice(value);
      if (invoice) result.lightning = invoice;
    }
  }
  return result;
}

/**
 * The lightning invoice inside a text a user wants to pay: an invoice itself (`lnbc...`,
 * `lightning:lnbc...`) or a bitcoin URI's `lightning` parameter. Undefined when there is none.
 */
export function payableInvoice(text: string): LightningInvoice | undefined {
  return parseLightningInvoice(text) ?? parseBitcoinUri(text)?.lightning;
}
