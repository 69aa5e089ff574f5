import { describe, expect, it } from 'vitest';
import { decodeInvoice, invoiceAmountMsats, invoiceAmountSats } from '../src/index.ts';
import { readJson } from './vectors.ts';

interface Invoice {
  invoice: string;
  amount_msat?: string | null;
  error?: string;
  expected_valid_per_spec?: boolean;
  light_bolt11_decoder_error?: string;
  payment_hash?: string;
}
const file = readJson<{
  bolt11_spec_examples: { vectors: Invoice[] };
  library_test_invoices: Invoice[];
  real_zap_invoices: Invoice[];
}>('bolt11-invoices.json');

function expected(v: Invoice): number | undefined {
  if (v.error || v.amount_msat === undefined || v.amount_msat === null) return undefined;
  return Number(v.amount_msat);
}

describe('invoiceAmountMsats (bolt11-invoices.json)', () => {
  const all = [
    ...file.bolt11_spec_examples.vectors,
    ...file.library_test_invoices,
    ...file.real_zap_invoices,
  ];
  it('has the vectors', () => {
    expect(all.length).toBe(25 + 3 + 740);
  });
  it.each(all.map((v, i) => [i, v.invoice.slice(0, 20), v] as const))('#%i %s', (_i, _s, v) => {
    expect(invoiceAmountMsats(v.invoice)).toBe(expected(v));
  });
  it('sats round down and units follow the spec (1e8 sats per bitcoin)', () => {
    expect(invoiceAmountMsats('lnbc1m1x')).toBe(100_000_000);
    expect(invoiceAmountMsats('lnbc1u1x')).toBe(100_000);
    expect(invoiceAmountMsats('lnbc1n1x')).toBe(100);
    expect(invoiceAmountMsats('lnbc10p1x')).toBe(1);
    expect(invoiceAmountMsats('lnbc2p1x')).toBeUndefined();
    expect(invoiceAmountMsats('lnbc21x1x')).toBeUndefined();
    expect(invoiceAmountSats('lnbc1n1x')).toBe(0);
    expect(invoiceAmountSats('lnbc210n1x')).toBe(21);
    expect(invoiceAmountMsats('hello')).toBeUndefined();
  });
});

describe('decodeInvoice', () => {
  it('decodes the spec examples light-bolt11-decoder accepts and rejects the others', () => {
    for (const v of file.bolt11_spec_examples.vectors) {
      const decoded = decodeInvoice(v.invoice);
      if (v.light_bolt11_decoder_error) {
        expect(decoded, v.invoice).toBeUndefined();
      } else {
        expect(decoded?.paymentHash).toBe(v.payment_hash);
        expect(decoded?.msats).toBe(expected(v));
      }
    }
  });
});
