import { readFileSync } from 'node:fs';
import type { NostrEvent } from '@swell/nostr';

const vectors = new URL('./vectors/', import.meta.url);

/** The 6,543 real signed events (sorted by created_at). */
export function realEvents(): NostrEvent[] {
  return readFileSync(new URL('real-events.jsonl', vectors), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as NostrEvent);
}

/** The 57 events that do not verify, with the problem the vector file states. */
export function invalidEvents(): Array<{ event: NostrEvent; problem: string }> {
  return readFileSync(new URL('real-events-invalid.jsonl', vectors), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { event: NostrEvent; problem: string });
}

/** Real zap invoices with their amounts (computed independently in the vector file). */
export function zapInvoices(): Array<{ invoice: string; receipt_id: string; amount_msat: number }> {
  const doc = JSON.parse(readFileSync(new URL('bolt11-invoices.json', vectors), 'utf8')) as {
    real_zap_invoices: Array<{ invoice: string; receipt_id: string; amount_msat: number }>;
  };
  // Amounts are strings in the file (msat values can exceed 2^53 in general).
  return doc.real_zap_invoices.map((z) => ({ ...z, amount_msat: Number(z.amount_msat) }));
}

export const vectorsDir = vectors;
