import {
  getTagValue,
  invoiceAmountMsats,
  verifyEvent,
  zapRequestAmountMsats,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import type { ZapInvoice } from './zap-invoice.ts';

/**
 * The relay filter for the receipt (kind 9735) of a zap: same recipient and zapped note or
 * address, from shortly before the request was signed.
 */
export function zapReceiptFilter(zap: Pick<ZapInvoice, 'zapRequest' | 'target'>): Filter {
  const filter: Filter = {
    kinds: [9735],
    '#p': [zap.target.pubkey],
    since: zap.zapRequest.created_at - 60,
  };
  if (zap.target.eventId) filter['#e'] = [zap.target.eventId];
  else if (zap.target.coordinate) filter['#a'] = [zap.target.coordinate];
  return filter;
}

/**
 * Whether `receipt` is the valid receipt of this zap (NIP-57 appendix F): signed by the
 * service's `nostrPubkey`, carrying our zap request (by id) as its description, for the
 * requested amount, and for our invoice.
 */
export function isReceiptFor(
  receipt: NostrEvent,
  zap: Pick<ZapInvoice, 'zapRequest' | 'endpoint' | 'invoice' | 'amountMsat'>,
): boolean {
  if (receipt.kind !== 9735 || receipt.pubkey !== zap.endpoint.nostrPubkey) return false;
  const bolt11 = getTagValue(receipt, 'bolt11');
  if (!bolt11 || bolt11.trim().toLowerCase() !== zap.invoice.trim().toLowerCase()) return false;
  if (invoiceAmountMsats(bolt11) !== zap.amountMsat) return false;
  let request: Partial<NostrEvent> | undefined;
  try {
    request = JSON.parse(getTagValue(receipt, 'description') ?? '') as Partial<NostrEvent>;
  } catch {
    return false;
  }
  if (request?.id !== zap.zapRequest.id) return false;
  if (zapRequestAmountMsats(zap.zapRequest) !== zap.amountMsat) return false;
  return verifyEvent(receipt);
}
