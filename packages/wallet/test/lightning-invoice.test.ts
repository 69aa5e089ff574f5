import { readFileSync } from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeBolt11,
  invoiceSecondsLeft,
  isInvoiceExpired,
  nodePublicKey,
  parseBitcoinUri,
  parseLightningInvoice,
  payableInvoice,
} from '../src/index.ts';

interface SpecVector {
  title: string;
  invoice: string;
  expected_valid_per_spec: boolean;
  /** A decimal string (amounts can pass 2^53 in principle). */
  amount_msat: string | null;
  payment_hash?: string;
  timestamp?: number;
  expiry?: number;
  description_hash?: string;
  light_bolt11_decoder_error?: string;
}
const spec = (
  JSON.parse(readFileSync(new URL('./vectors/bolt11-invoices.json', import.meta.url), 'utf8')) as {
    bolt11_spec_examples: { vectors: SpecVector[] };
  }
).bolt11_spec_examples.vectors;

// Every BOLT #11 example is signed by this node.
const SPEC_NODE = '03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad';

describe('invoice cards: parseLightningInvoice on the BOLT #11 examples', () => {
  const readable = spec.filter((v) => v.expected_valid_per_spec && !v.light_bolt11_decoder_error);

  it.each(readable.map((v) => [v.title.slice(0, 70), v] as const))('%s', (_t, v) => {
    const card = parseLightningInvoice(v.invoice)!;
    expect(card).toBeDefined();
    const msat = v.amount_msat === null ? undefined : Number(v.amount_msat);
    expect(card.amountMsat).toBe(msat);
    expect(card.amountSats).toBe(msat === undefined ? undefined : Math.floor(msat / 1000));
    expect(card.paymentHash).toBe(v.payment_hash);
    expect(card.createdAt).toBe(v.timestamp);
    expect(card.expiresAt).toBe(v.timestamp! + (v.expiry ?? 3600));
    expect(card.descriptionHash).toBe(v.description_hash);
    expect(card.payee).toBe(SPEC_NODE);
    expect(card.invoice).toBe(v.invoice.toLowerCase());
    expect(card.network).toBe(v.invoice.toLowerCase().startsWith('lntb') ? 'testnet' : 'bitcoin');
  });

  it('reads descriptions, including non-ASCII ones', () => {
    const nonsense = spec.find((v) => v.title.includes('nonsense'))!;
    expect(parseLightningInvoice(nonsense.invoice)!.description).toBe('ナンセンス 1杯');
    const coffee = spec.find((v) => v.title.startsWith('Please send $3'))!;
    expect(parseLightningInvoice(coffee.invoice)!.description).toBe('1 cup coffee');
  });

  it('rejects the invalid examples whose checksum or case is wrong', () => {
    for (const title of ['Bech32 checksum is invalid.', 'Malformed bech32 string (mixed case)']) {
      const v = spec.find((x) => x.title === title)!;
      expect(parseLightningInvoice(v.invoice)).toBeUndefined();
    }
  });

  it('strips lightning: and surrounding space; never throws', () => {
    const v = spec.find((x) => x.title.startsWith('Please send $3'))!;
    expect(parseLightningInvoice(`  LIGHTNING:${v.invoice}\n`)?.amountSats).toBe(250_000);
    fc.assert(fc.property(fc.string(), (s) => void parseLightningInvoice(`lnbc${s}`)));
    expect(parseLightningInvoice('hello')).toBeUndefined();
  });

  it('knows when an invoice expired', () => {
    const key = new Uint8Array(32).fill(4);
    const invoice = encodeBolt11(
      {
        amountMsat: 21_000,
        timestamp: 1_700_000_000,
        paymentHash: sha256(new Uint8Array([1])),
        description: 'tip jar',
        expirySeconds: 600,
      },
      key,
    );
    const card = parseLightningInvoice(invoice)!;
    expect(card).toMatchObject({
      amountSats: 21,
      description: 'tip jar',
      expiresAt: 1_700_000_600,
      payee: nodePublicKey(key),
    });
    expect(invoiceSecondsLeft(card, 1_700_000_100)).toBe(500);
    expect(isInvoiceExpired(card, 1_700_000_599)).toBe(false);
    expect(isInvoiceExpired(card, 1_700_000_600)).toBe(true);
  });
});

describe('bitcoin: URIs with a lightning parameter', () => {
  const invoice = spec.find((x) => x.title.startsWith('Please send $3'))!.invoice;

  it('reads address, amount, label, message and the invoice', () => {
    const uri = `bitcoin:BC1QYLH3U67J673H6Y6ALV70M0PL2YZ53TZHVXGG7U?amount=0.00001&label=sbddesign%3A%20For%20lunch%20Tuesday&message=For%20lunch&lightning=${invoice}`;
    const parsed = parseBitcoinUri(uri)!;
    expect(parsed).toMatchObject({
      address: 'BC1QYLH3U67J673H6Y6ALV70M0PL2YZ53TZHVXGG7U',
      amountSats: 1000,
      label: 'sbddesign: For lunch Tuesday',
      message: 'For lunch',
    });
    expect(parsed.lightning?.amountSats).toBe(250_000);
    expect(payableInvoice(uri)?.invoice).toBe(invoice);
    expect(payableInvoice(invoice)?.invoice).toBe(invoice);
  });

  it('converts amounts exactly and ignores bad ones', () => {
    expect(parseBitcoinUri('bitcoin:addr?amount=1.23456789')!.amountSats).toBe(123_456_789);
    expect(parseBitcoinUri('bitcoin:addr?amount=20.3')!.amountSats).toBe(2_030_000_000);
    expect(parseBitcoinUri('bitcoin:addr?amount=1e3')!.amountSats).toBeUndefined();
    expect(parseBitcoinUri('bitcoin:addr?LIGHTNING=lnbcgarbage')!.lightning).toBeUndefined();
    expect(payableInvoice('bitcoin:addr?amount=1')).toBeUndefined();
    expect(parseBitcoinUri('lnbc1')).toBeUndefined();
    fc.assert(fc.property(fc.string(), (s) => void parseBitcoinUri(`bitcoin:${s}`)));
  });
});
