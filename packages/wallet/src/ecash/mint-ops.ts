import {
  MintQuoteState,
  type MintQuoteBolt11Response,
  type OperationCounters,
} from '@cashu/cashu-ts';
import { checkAmount } from './amounts.ts';
import { EcashError, NutCode, toEcashError } from './errors.ts';
import { randomId } from './ids.ts';
import type { MintConnection } from './mint-connection.ts';
import { toProofData } from './proof.ts';
import { recoverOperation } from './recover-ops.ts';
import { restoreRange } from './restore-ops.ts';
import { withFreshKeysets } from './wallet-helpers.ts';
import type { HistoryEntry, PendingOperation } from './storage/wallet-storage.ts';

/** NUT-04 quote states, plus `EXPIRED` for an unpaid quote past its invoice's expiry. */
export type MintQuoteStatus = 'UNPAID' | 'PAID' | 'ISSUED' | 'EXPIRED';

/** Asks the mint for a bolt11 invoice of `amount` sats; the history gets a pending `mint` line. */
export async function createMintQuote(
  conn: MintConnection,
  amount: number,
  description?: string,
): Promise<HistoryEntry> {
  checkAmount(amount);
  let quote: MintQuoteBolt11Response;
  try {
    const canDescribe = description && conn.wallet.getMintInfo().supportsNut04Description('bolt11');
    quote = await conn.wallet.createMintQuoteBolt11(amount, canDescribe ? description : undefined);
  } catch (err) {
    throw toEcashError(err);
  }
  const now = conn.context.now();
  const entry: HistoryEntry = {
    id: randomId(),
    kind: 'mint',
    mint: conn.url,
    amount,
    fee: 0,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    invoice: quote.request,
    quoteId: quote.quote,
  };
  if (quote.expiry) entry.expiresAt = quote.expiry * 1000;
  if (description) entry.memo = description;
  await conn.context.storage.commit({ putHistory: [entry] });
  return entry;
}

/** The quote's state at the mint (NUT-04 check). */
export async function mintQuoteStatus(
  conn: MintConnection,
  entry: HistoryEntry,
): Promise<MintQuoteStatus> {
  if (!entry.quoteId) throw new Error('not a mint quote');
  let quote: MintQuoteBolt11Response;
  try {
    quote = await conn.wallet.checkMintQuoteBolt11(entry.quoteId);
  } catch (err) {
    throw toEcashError(err);
  }
  if (quote.state === MintQuoteState.UNPAID) {
    const expiresAt = quote.expiry ? quote.expiry * 1000 : entry.expiresAt;
    if (expiresAt !== undefined && expiresAt < conn.context.now()) return 'EXPIRED';
  }
  return quote.state;
}

/**
 * Mints the proofs of a paid quote. Order: counters reserved and persisted (by the counter
 * source), then the journal entry, then the request; the proofs, the end of the journal entry and
 * the finished history line are one commit. If the answer is lost, `recoverOperation` restores
 * the proofs from the journaled counters.
 */
export async function redeemMintQuote(
  conn: MintConnection,
  entry: HistoryEntry,
): Promise<HistoryEntry> {
  const { storage } = conn.context;
  if (!entry.quoteId) throw new Error('not a mint quote');
  let reserved: OperationCounters | undefined;
  let op: PendingOperation | undefined;
  try {
    const quote = await conn.wallet.checkMintQuoteBolt11(entry.quoteId);
    if (quote.state === MintQuoteState.ISSUED) {
      throw new EcashError('mint-error', 'This invoice has already been redeemed', {
        mintCode: NutCode.quoteIssued,
      });
    }
    if (quote.state !== MintQuoteState.PAID) {
      throw new EcashError('quote-unpaid', 'The invoice has not been paid yet', {
        mintCode: NutCode.quoteNotPaid,
      });
    }
    const preview = await conn.wallet.prepareMint('bolt11', entry.amount, quote, {
      onCountersReserved: (c) => (reserved = c),
    });
    if (!reserved) throw new Error('no counters were reserved for the outputs');
    op = {
      id: randomId(),
      kind: 'mint',
      purpose: 'mint',
      mint: conn.url,
      keysetId: reserved.keysetId,
      counterStart: reserved.start,
      counterCount: reserved.count,
      inputs: [],
      quoteId: entry.quoteId,
      historyId: entry.id,
      createdAt: conn.context.now(),
    };
    await storage.commit({ putOperations: [op] });
    const proofs = await conn.wallet.completeMint(preview);
    const now = conn.context.now();
    const done: HistoryEntry = { ...entry, status: 'done', updatedAt: now };
    await storage.commit({
      putProofs: proofs.map((p) => ({
        ...toProofData(p),
        mint: conn.url,
        state: 'ready',
        addedAt: now,
      })),
      deleteOperations: [op.id],
      putHistory: [done],
    });
    return done;
  } catch (err) {
    const error = toEcashError(err);
    if (op && error.mintCode === NutCode.quoteIssued) {
      // The mint signed our outputs but the answer was lost earlier: take them back.
      const restored = await restoreOperationProofs(conn, op, entry);
      if (restored) return restored;
    }
    if (op && error.code === 'mint-error') {
      // The mint refused the request: nothing was signed, the counters are simply skipped.
      await storage.commit({ deleteOperations: [op.id] });
    }
    throw error;
  }
}

/** Restores the outputs of a journaled mint and finishes its history line. */
export async function restoreOperationProofs(
  conn: MintConnection,
  op: PendingOperation,
  entry: HistoryEntry | undefined,
): Promise<HistoryEntry | undefined> {
  const proofs = await restoreRange(conn, op.keysetId, op.counterStart, op.counterCount);
  const now = conn.context.now();
  const done = entry ? { ...entry, status: 'done' as const, updatedAt: now } : undefined;
  await conn.context.storage.commit({
    putProofs: proofs.map((p) => ({ ...p, mint: conn.url, state: 'ready', addedAt: now })),
    deleteOperations: [op.id],
    ...(done ? { putHistory: [done] } : {}),
  });
  return done;
}

/**
 * Checks a pending `mint` line once: paid -> mints it (retrying on a rotated keyset); expired ->
 * `expired`; issued without a journal entry -> redeemed elsewhere (`failed`); an interrupted mint
 * is settled from its journal entry.
 */
export async function settleInvoice(
  conn: MintConnection,
  entry: HistoryEntry,
): Promise<HistoryEntry> {
  if (entry.kind !== 'mint' || entry.status !== 'pending') return entry;
  const { storage } = conn.context;
  const status = await mintQuoteStatus(conn, entry);
  if (status === 'PAID') return withFreshKeysets(conn, () => redeemMintQuote(conn, entry));
  if (status === 'EXPIRED' || status === 'ISSUED') {
    const op = (await storage.operations()).find((o) => o.historyId === entry.id);
    if (op) return (await recoverOperation(conn, op)).entry ?? entry;
    const closed: HistoryEntry = {
      ...entry,
      status: status === 'EXPIRED' ? 'expired' : 'failed',
      updatedAt: conn.context.now(),
      ...(status === 'ISSUED' ? { error: 'This invoice was redeemed elsewhere' } : {}),
    };
    await storage.commit({ putHistory: [closed] });
    return closed;
  }
  return entry;
}
