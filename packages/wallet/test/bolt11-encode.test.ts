import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { decode } from 'light-bolt11-decoder';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  encodeBolt11,
  encodeInvoiceAmount,
  nodePublicKey,
  recoverInvoicePayee,
} from '../src/index.ts';

const vectors = JSON.parse(
  readFileSync(new URL('./vectors/bolt11-invoices.json', import.meta.url), 'utf8'),
) as {
  bolt11_spec_examples: {
    vectors: Array<{ hrp: string; amount_msat: string | null; expected_valid_per_spec: boolean }>;
  };
  real_zap_invoices: Array<{ hrp: string; amount_msat: string }>;
};

const nodeKey = sha256(new TextEncoder().encode('test node key'));
const section = (inv: string, name: string) =>
  decode(inv).sections.find((s) => s.name === name) as { value?: unknown } | undefined;

const recoverPayee = recoverInvoicePayee;

describe('encodeInvoiceAmount', () => {
  it('agrees with the amounts of the spec and real-world vectors', () => {
    const cases = [
      ...vectors.bolt11_spec_examples.vectors.filter(
        (v) => v.expected_valid_per_spec && v.amount_msat,
      ),
      ...vectors.real_zap_invoices.slice(0, 200),
    ];
    expect(cases.length).toBeGreaterThan(100);
    for (const v of cases) {
      const encoded = `ln${v.hrp.startsWith('lnbcrt') ? 'bcrt' : v.hrp.slice(2, 4)}${encodeInvoiceAmount(BigInt(v.amount_msat!))}`;
      // Our encoding is the shortest exact one; decoding it gives the same amount.
      expect(
        decode(
          encodeBolt11(
            { timestamp: 1, paymentHash: new Uint8Array(32), amountMsat: BigInt(v.amount_msat!) },
            nodeKey,
          ),
        ).sections.find((s) => s.name === 'amount')!.value,
      ).toBe(v.amount_msat);
      expect(encoded.length).toBeLessThanOrEqual(v.hrp.length);
    }
  });

  it('rejects zero and negative amounts', () => {
    expect(() => encodeInvoiceAmount(0n)).toThrow(/positive/);
    expect(() => encodeInvoiceAmount(-5n)).toThrow(/positive/);
  });
});

describe('encodeBolt11', () => {
  it('the payee check recovers the node id of the BOLT #11 spec examples', () => {
    const valid = vectors.bolt11_spec_examples.vectors.filter(
      (v) => v.expected_valid_per_spec && (v as { invoice?: string }).invoice?.startsWith('lnbc'),
    ) as unknown as Array<{ invoice: string }>;
    expect(valid.length).toBeGreaterThan(5);
    for (const v of valid.slice(0, 5)) {
      expect(recoverPayee(v.invoice)).toBe(
        '03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad',
      );
    }
  });

  it('round-trips through light-bolt11-decoder with a description hash', () => {
    const paymentHash = sha256(new TextEncoder().encode('preimage'));
    const descriptionHash = sha256(new TextEncoder().encode('{"kind":9734}'));
    const invoice = encodeBolt11(
      {
        amountMsat: 21_000,
        timestamp: 1_700_000_000,
        paymentHash,
        descriptionHash,
        expirySeconds: 3600,
        paymentSecret: new Uint8Array(32).fill(7),
      },
      nodeKey,
    );
    expect(invoice.startsWith('lnbc210n1')).toBe(true);
    expect(section(invoice, 'amount')?.value).toBe('21000');
    expect(section(invoice, 'timestamp')?.value).toBe(1_700_000_000);
    expect(section(invoice, 'payment_hash')?.value).toBe(bytesToHex(paymentHash));
    expect(section(invoice, 'description_hash')?.value).toBe(bytesToHex(descriptionHash));
    expect(section(invoice, 'expiry')?.value).toBe(3600);
    expect(section(invoice, 'payment_secret')?.value).toBe('07'.repeat(32));
    expect(recoverPayee(invoice)).toBe(nodePublicKey(nodeKey));
  });

  it('carries a plain description and no amount', () => {
    const invoice = encodeBolt11(
      {
        timestamp: 1_600_000_000,
        paymentHash: new Uint8Array(32).fill(1),
        description: 'coffee ☕',
      },
      nodeKey,
    );
    expect(invoice.startsWith('lnbc1')).toBe(true);
    expect(section(invoice, 'description')?.value).toBe('coffee ☕');
    expect(section(invoice, 'amount')?.value).toBeUndefined();
  });

  it('round-trips any amount, time and hash (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2_100_000_000_000_000_000n }),
        fc.integer({ min: 0, max: 2 ** 35 - 1 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (msat, ts, hash) => {
          const invoice = encodeBolt11(
            { amountMsat: msat, timestamp: ts, paymentHash: hash, descriptionHash: hash },
            nodeKey,
          );
          const decoded = decode(invoice);
          expect(decoded.sections.find((s) => s.name === 'amount')!.value).toBe(msat.toString());
          expect(section(invoice, 'timestamp')?.value).toBe(ts);
          expect(section(invoice, 'payment_hash')?.value).toBe(bytesToHex(hash));
          expect(recoverPayee(invoice)).toBe(nodePublicKey(nodeKey));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rejects malformed fields', () => {
    expect(() => encodeBolt11({ timestamp: 1, paymentHash: new Uint8Array(31) }, nodeKey)).toThrow(
      /32 bytes/,
    );
    expect(() =>
      encodeBolt11({ timestamp: 2 ** 35, paymentHash: new Uint8Array(32) }, nodeKey),
    ).toThrow(/35 bits/);
    expect(hexToBytes(nodePublicKey(nodeKey)).length).toBe(33);
  });
});
