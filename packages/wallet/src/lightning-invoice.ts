import { decode } from 'light-bolt11-decoder';
import { decodeInvoice } from '@swell/nostr';
import { recoverInvoicePayee } from './bolt11-payee.ts';

export type LightningNetwork = 'bitcoin' | 'testnet' | 'signet' | 'regtest';

/** What an invoice card shows (amount, description, expiry, payee) and what paying needs. */
export interface LightningInvoice {
  /** The invoice to pay: lower case, without a `lightning:` prefix. */
  invoice: string;
  network: LightningNetwork;
  /** Absent for an any-amount invoice. */
  amountMsat?: number;
  /** Whole sats (rounded down), absent for an any-amount invoice. */
  amountSats?: number;
  description?: string;
  /** Set instead of a description when the invoice commits to a long one (e.g. a zap request). */
  descriptionHash?: string;
  paymentHash: string;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds (BOLT #11 default expiry: one hour). */
  expiresAt: number;
  /** The payee node id (33-byte compressed key, hex): the `n` field or the signature's key. */
  payee?: string;
}

const NETWORKS: Array<[RegExp, LightningNetwork]> = [
  [/^lnbcrt/, 'regtest'],
  [/^lnbc/, 'bitcoin'],
  [/^lntbs/, 'signet'],
  [/^lntb/, 'testnet'],
  [/^lnsb/, 'signet'],
];

/**
 * Reads a BOLT #11 invoice (a `lightning:` prefix and surrounding space are stripped, spec
 * section 5), checksum included. Undefined for anything that is not a valid invoice; never
 * throws.
 */
export function parseLightningInvoice(text: string): LightningInvoice | undefined {
  if (typeof text !== 'string') return undefined;
  const raw = text.trim().replace(/^lightning:/i, '');
  // Bech32 is all lower or all upper case; mixed case is malformed (BIP-173).
  if (raw !== raw.toLowerCase() && raw !== raw.toUpperCase()) return undefined;
  const invoice = raw.toLowerCase();
  const network = NETWORKS.find(([re]) => re.test(invoice))?.[1];
  if (!network) return undefined;
  const decoded = decodeInvoice(invoice);
  if (!decoded || decoded.paymentHash === undefined || decoded.timestamp === undefined) {
    return undefined;
  }
  const result: LightningInvoice = {
    invoice,
    network,
    paymentHash: decoded.paymentHash,
    createdAt: decoded.timestamp,
    expiresAt: decoded.timestamp + (decoded.expiry ?? 3600),
  };
  if (decoded.msats !== undefined) {
    result.amountMsat = decoded.msats;
    result.amountSats = Math.floor(decoded.msats / 1000);
  }
  if (decoded.description !== undefined) result.description = decoded.description;
  if (decoded.descriptionHash !== undefined) result.descriptionHash = decoded.descriptionHash;
  const payee = payeeOf(invoice);
  if (payee) result.payee = payee;
  return result;
}

function payeeOf(invoice: string): string | undefined {
  try {
    const section = decode(invoice).sections.find((s) => (s.name as string) === 'payee') as
      { value?: unknown } | undefined;
    if (typeof section?.value === 'string') return section.value;
    return recoverInvoicePayee(invoice);
  } catch {
    return undefined;
  }
}

/** Seconds until the invoice expires (0 or less: expired). */
export function invoiceSecondsLeft(
  invoice: Pick<LightningInvoice, 'expiresAt'>,
  now = Math.floor(Date.now() / 1000),
): number {
  return invoice.expiresAt - now;
}

export function isInvoiceExpired(
  invoice: Pick<LightningInvoice, 'expiresAt'>,
  now = Math.floor(Date.now() / 1000),
): boolean {
  return invoiceSecondsLeft(invoice, now) <= 0;
}
