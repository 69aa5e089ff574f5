import { MembershipResultKind, rawResultEvent, WALLET_OPERATION_KIND } from '@swell/cache-protocol';
import { proven, type RequestProof } from '../../cache/proven-command.ts';
import { CacheError, type CacheRequest, type CommandHandler } from '../../cache/request.ts';
import { optStr } from '../../cache/params.ts';

async function emitRate(req: CacheRequest, currency: unknown): Promise<void> {
  const target = currency === undefined || currency === null ? 'USD' : currency;
  if (typeof target !== 'string' || target.toUpperCase() !== 'USD')
    throw new CacheError('unsupported target_currency (USD only)');
  const rate = await req.ctx.membership.usdPerBtc();
  req.emit(rawResultEvent(MembershipResultKind.ExchangeRate, { rate }));
}

/** `membership_exchange_rate {target_currency?}` -> 10000305 `{rate}` (US dollars per bitcoin). */
export const membershipExchangeRate: CommandHandler = async (req) => {
  await emitRate(req, optStr(req.payload, 'target_currency', 10));
};

/** The `operation_event` of `wallet`: a signed kind 10000300 (the one user request check). */
export const WALLET_OPERATION: RequestProof = {
  fields: ['operation_event'],
  kind: WALLET_OPERATION_KIND,
};

/**
 * `wallet {operation_event}`: a fresh signed kind 10000300 whose content is `[operation, args]`.
 * Only `["exchange_rate", {target_currency}]` is served (-> 10000305); the reference's hosted
 * wallet operations (balance, deposits, ...) are not part of this server.
 */
export const wallet = proven(WALLET_OPERATION, async (req, e) => {
  let op: unknown;
  try {
    op = JSON.parse(e.content);
  } catch {
    throw new CacheError('invalid operation_event: content must be JSON');
  }
  if (!Array.isArray(op) || typeof op[0] !== 'string')
    throw new CacheError('invalid operation_event: content must be [operation, arguments]');
  if (op[0] !== 'exchange_rate')
    throw new CacheError(`unsupported wallet operation: ${op[0].slice(0, 40)}`);
  const args = (typeof op[1] === 'object' && op[1] !== null ? op[1] : {}) as Record<
    string,
    unknown
  >;
  await emitRate(req, args.target_currency);
});
