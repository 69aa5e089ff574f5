import { describe, expect, it } from 'vitest';
import { parseZapReceipt } from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJsonl } from './vectors.ts';

interface Pair {
  receipt_id: string;
  bolt11_amount_msat: string;
  bolt11_amount_sat: number;
  receipt_p: string;
  receipt_e: string | null;
  sender_pubkey: string;
  zap_message: string;
  request_id: string;
}
const pairs = readJsonl<Pair>('nip57-zap-pairs.jsonl');
const receipts = new Map(
  readJsonl<NostrEvent>('real-events.jsonl')
    .filter((e) => e.kind === 9735)
    .map((e) => [e.id, e]),
);

describe('parseZapReceipt (nip57-zap-pairs.jsonl)', () => {
  it('finds every receipt of the pairs in real-events.jsonl', () => {
    expect(pairs).toHaveLength(740);
    expect(pairs.every((p) => receipts.has(p.receipt_id))).toBe(true);
  });

  it.each(pairs.map((p) => [p.receipt_id, p] as const))('%s', (_id, p) => {
    const zap = parseZapReceipt(receipts.get(p.receipt_id)!);
    expect(zap).toBeDefined();
    expect(zap!.msats).toBe(Number(p.bolt11_amount_msat));
    expect(zap!.sats).toBe(Math.floor(p.bolt11_amount_sat));
    expect(zap!.recipient).toBe(p.receipt_p);
    expect(zap!.eventId).toBe(p.receipt_e ?? undefined);
    expect(zap!.sender).toBe(p.sender_pubkey);
    expect(zap!.message).toBe(p.zap_message);
    expect(zap!.request?.id).toBe(p.request_id);
  });

  it('returns undefined for malformed receipts', () => {
    const some = receipts.values().next().value!;
    expect(parseZapReceipt({ ...some, kind: 1 })).toBeUndefined();
    expect(
      parseZapReceipt({ ...some, tags: some.tags.filter((t) => t[0] !== 'bolt11') }),
    ).toBeUndefined();
    expect(
      parseZapReceipt({ ...some, tags: some.tags.filter((t) => t[0] !== 'p') }),
    ).toBeUndefined();
    const noDescription = parseZapReceipt({
      ...some,
      tags: some.tags.filter((t) => t[0] !== 'description'),
    });
    expect(noDescription?.request).toBeUndefined();
    expect(noDescription?.message).toBe('');
  });
});
