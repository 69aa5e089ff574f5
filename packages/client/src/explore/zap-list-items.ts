import type { FeedPage, SignedEvent } from '@swell/cache-protocol';

/** A zap of the zaps tab (spec section 3 "Zap list item"): only zaps of notes and articles. */
export interface ZapListItem {
  id: string;
  message: string;
  amount: number;
  sender: string;
  reciver: string;
  created_at: number;
  zappedId: string;
  zappedKind: number;
}

/** The zap list items of a page, in the page's order (its range elements are receipt ids). */
export function zapListItems(page: FeedPage): ZapListItem[] {
  const byReceipt = new Map<string, ZapListItem>();
  const targets = new Map<string, SignedEvent>();
  for (const n of [...page.notes, ...Object.values(page.mentions)]) targets.set(n.id, n);
  for (const zaps of Object.values(page.topZaps)) {
    for (const z of zaps) {
      const target = targets.get(z.event_id);
      if (!target || (target.kind !== 1 && target.kind !== 30023)) continue;
      byReceipt.set(z.zap_receipt_id, {
        id: z.zap_receipt_id,
        message: z.message ?? '',
        amount: z.amount_sats,
        sender: z.sender,
        reciver: z.receiver,
        created_at: z.created_at,
        zappedId: z.event_id,
        zappedKind: target.kind,
      });
    }
  }
  const order = page.range?.elements ?? [...byReceipt.keys()];
  return order.flatMap((id) => byReceipt.get(id) ?? []);
}
