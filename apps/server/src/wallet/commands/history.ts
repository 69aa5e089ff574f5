import { feedRangeEvent, MembershipResultKind, rawResultEvent } from '@swell/cache-protocol';
import { paging } from '../../cache/params.ts';
import { contentObject, MEMBER_REQUEST } from '../wallet-request.ts';
import { proven } from '../../cache/proven-command.ts';

/**
 * `membership_purchase_history {event_from_user}` (paging `{limit, until, offset}` in the
 * content, as the reference client sends it, or in the payload) -> 10000605 `[{purchased_at,
 * product_id, product_label, amount_btc, amount_usd, currency, ...}]` newest first, and a feed
 * range (elements: quote ids). Purchases paid by or for the user, lapsed members included.
 */
export const membershipPurchaseHistory = proven(MEMBER_REQUEST, async (req, e) => {
  const p = paging({ ...contentObject(e), ...req.payload }, req.now, 20);
  const items = await req.ctx.membership.purchases.history(e.pubkey, {
    limit: Math.min(p.limit, 100),
    until: p.until,
    offset: p.offset,
  });
  req.emit(rawResultEvent(MembershipResultKind.PurchaseHistory, items));
  req.emit(
    feedRangeEvent({
      since: items.at(-1)?.purchased_at ?? 0,
      until: items[0]?.purchased_at ?? 0,
      order_by: 'purchased_at',
      elements: items.map((i) => i.membership_quote_id),
    }),
  );
});
