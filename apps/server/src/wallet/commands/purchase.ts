import {
  isMembershipProductId,
  MembershipResultKind,
  rawResultEvent,
  type PurchaseMonitorUpdate,
  type PurchaseQuote,
} from '@swell/cache-protocol';
import { CacheError, type StreamHandler } from '../../cache/request.ts';
import { str } from '../../cache/params.ts';
import { btcString, usdString, type Quote } from '../../membership/purchases.ts';
import { contentObject, pTags, MEMBER_REQUEST_ABOUT_ANYONE } from '../wallet-request.ts';
import { proven } from '../../cache/proven-command.ts';

const HEX64 = /^[0-9a-f]{64}$/;
const QUOTE_ID = /^[0-9a-f]{32}$/;
/** How often a monitor re-reads its quote (a payment completed by another server instance). */
export const MONITOR_POLL_MS = 3000;

/**
 * `membership_purchase_product {event_from_user}`; content `{name, product_id, receiver_pubkey?,
 * amount_usd?}` and a p tag naming the receiver (default: the signer). -> 10000601 `{qr_code
 * (bolt11), membership_quote_id, amount_usd, amount_btc, product_id, expires_at, name?,
 * name_held_until?}`, priced at the exchange rate of the payment provider. A name is held for
 * one open quote at a time: a second buyer is refused `name unavailable (held for another
 * purchase until <time>)`.
 */
export const membershipPurchaseProduct = proven(MEMBER_REQUEST_ABOUT_ANYONE, async (req, e) => {
  const c = contentObject(e);
  const productId = c.product_id;
  if (!isMembershipProductId(productId))
    throw new CacheError(
      'invalid product_id (3-months-premium, 12-months-premium, legend-premium)',
    );
  const p = pTags(e)[0];
  const named = c.receiver_pubkey;
  if (named !== undefined && (typeof named !== 'string' || !HEX64.test(named)))
    throw new CacheError('invalid receiver_pubkey');
  if (p && named && p !== named) throw new CacheError('the p tag and receiver_pubkey differ');
  const receiver = (p ?? named ?? e.pubkey) as string;
  const name = c.name === undefined || c.name === null ? '' : c.name;
  if (typeof name !== 'string') throw new CacheError('invalid name');
  let legendUsd: number | undefined;
  if (c.amount_usd !== undefined) {
    legendUsd = typeof c.amount_usd === 'string' ? Number(c.amount_usd) : (c.amount_usd as number);
    if (typeof legendUsd !== 'number' || !Number.isFinite(legendUsd))
      throw new CacheError('invalid amount_usd');
  }
  const quote = await req.ctx.membership.quote({
    payer: e.pubkey,
    receiver,
    productId,
    name,
    ...(legendUsd !== undefined ? { legendUsd } : {}),
  });
  const answer: PurchaseQuote = {
    qr_code: quote.bolt11,
    membership_quote_id: quote.id,
    amount_usd: usdString(quote.amountUsdCents),
    amount_btc: btcString(quote.amountMsat),
    product_id: quote.productId,
    expires_at: quote.expiresAt,
    ...(quote.name ? { name: quote.name, name_held_until: quote.expiresAt } : {}),
  };
  req.emit(rawResultEvent(MembershipResultKind.PurchaseQuote, answer));
});

function update(q: Quote, now: number): PurchaseMonitorUpdate {
  const u: PurchaseMonitorUpdate = { membership_quote_id: q.id, completed_at: q.completedAt };
  if (q.completedAt === null && q.expiresAt <= now) u.expired = true;
  if (q.nameUnavailable) u.name_unavailable = true;
  return u;
}

/**
 * `membership_purchase_monitor {membership_quote_id}`, streaming: 10000602 `{completed_at: null}`
 * at once (or the time, when paid already), then `{completed_at}` when the invoice is paid, or
 * `{completed_at: null, expired: true}` when it expires unpaid. The quote id is an unguessable
 * secret of the buyer, as in the reference; no signed request.
 */
export const membershipPurchaseMonitor: StreamHandler = async (req, push) => {
  const id = str(req.payload, 'membership_quote_id', 100);
  if (!QUOTE_ID.test(id)) throw new CacheError('invalid membership_quote_id');
  const membership = req.ctx.membership;
  let quote = await membership.purchases.byId(id);
  if (!quote) throw new CacheError('unknown membership_quote_id');
  quote = await membership.catchUp(quote);
  const now = () => Math.floor(Date.now() / 1000);
  const first = update(quote, now());
  req.emit(rawResultEvent(MembershipResultKind.PurchaseMonitor, first));
  if (first.completed_at !== null || first.expired) return () => {};

  let done = false;
  const finish = (q: Quote) => {
    const u = update(q, now());
    if (done || (u.completed_at === null && !u.expired)) return;
    done = true;
    stop();
    push([rawResultEvent(MembershipResultKind.PurchaseMonitor, u)]);
  };
  const unlisten = membership.onCompleted((q) => {
    if (q.id === id) finish(q);
  });
  const poll = setInterval(() => {
    void membership.purchases
      .byId(id)
      .then((q) => q && membership.catchUp(q))
      .then((q) => q && finish(q))
      .catch((err: unknown) => req.ctx.log.warn({ err }, 'purchase monitor poll failed'));
  }, MONITOR_POLL_MS);
  poll.unref();
  function stop() {
    unlisten();
    clearInterval(poll);
  }
  return stop;
};
