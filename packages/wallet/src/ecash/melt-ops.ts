import {
  MeltQuoteState,
  type MeltQuoteBolt11Response,
  type OperationCounters,
} from '@cashu/cashu-ts';
import { EcashError, ecashMessages, NutCode, toEcashError } from './errors.ts';
import { randomId } from './ids.ts';
import type { MintConnection } from './mint-connection.ts';
import { sumAmounts, toProofLike } from './proof.ts';
import { mintProofs, storedProofs, withState } from './proof-store.ts';
import { recoverOperation } from './recover-ops.ts';
import type { HistoryEntry, PendingOperation, StoredProof } from './storage/wallet-storage.ts';

/** What paying an invoice from one mint costs, before paying (NUT-05 quote). */
export interface MeltQuote {
  mint: string;
  /** The mint's quote id. */
  quote: string;
  invoice: string;
  /** The invoice amount in sats. */
  amount: number;
  /** Lightning fee the mint holds back; the unused part comes back as change (NUT-08). */
  feeReserve: number;
  /** Mint input fee for the proofs this payment would spend (NUT-02). */
  inputFee: number;
  /** Most this payment can cost: amount + fee reserve + input fee. */
  total: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface MeltResult {
  entry: HistoryEntry;
  preimage: string | null;
  /** Lightning and input fees actually paid (sats). */
  fee: number;
}

function selectInputs(conn: MintConnection, ready: StoredProof[], target: number): StoredProof[] {
  try {
    const { send } = conn.wallet.selectProofsToSend(ready.map(toProofLike), target, true, false);
    const bySecret = new Map(ready.map((p) => [p.secret, p]));
    return send.map((p) => bySecret.get(p.secret)!).filter(Boolean);
  } catch {
    return [];
  }
}

function summary(
  conn: MintConnection,
  quote: MeltQuoteBolt11Response,
  ready: StoredProof[],
): MeltQuote {
  const amount = quote.amount.toNumber();
  const feeReserve = quote.fee_reserve.toNumber();
  const inputs = selectInputs(conn, ready, amount + feeReserve);
  const inputFee = inputs.length
    ? conn.wallet.getFeesForProofs(inputs.map(toProofLike)).toNumber()
    : 0;
  return {
    mint: conn.url,
    quote: quote.quote,
    invoice: quote.request,
    amount,
    feeReserve,
    inputFee,
    total: amount + feeReserve + inputFee,
    expiresAt: quote.expiry * 1000,
  };
}

/** Asks the mint what paying `invoice` costs (NUT-05 bolt11 melt quote). */
export async function quoteMelt(conn: MintConnection, invoice: string): Promise<MeltQuote> {
  // QR codes carry invoices in upper case; mints expect the canonical lower case.
  const text = invoice
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase();
  if (!/^ln(bc|tb|bcrt|tbs)/i.test(text)) {
    throw new EcashError('invalid-invoice', ecashMessages.invalidInvoice);
  }
  try {
    const quote = await conn.wallet.createMeltQuoteBolt11(text);
    return summary(conn, quote, await mintProofs(conn, 'ready'));
  } catch (err) {
    const error = toEcashError(err);
    if (error.mintCode === NutCode.invoicePaid) {
      throw new EcashError('payment-failed', 'This invoice has already been paid', {
        cause: err,
        mintCode: error.mintCode,
      });
    }
    throw error;
  }
}

/**
 * Pays a quoted invoice with ecash (NUT-05), with blank outputs for the unused fee reserve
 * (NUT-08). Inputs are chosen to cover amount + fee reserve + their own input fee; whatever they
 * hold beyond that comes back as change too. The inputs are journaled as pending before the
 * request; a payment still in flight at the mint stays pending until `sync` settles it.
 */
export async function payMeltQuote(conn: MintConnection, q: MeltQuote): Promise<MeltResult> {
  const { storage } = conn.context;
  let quote: MeltQuoteBolt11Response;
  try {
    quote = await conn.wallet.checkMeltQuoteBolt11(q.quote);
  } catch (err) {
    throw toEcashError(err);
  }
  if (quote.state === MeltQuoteState.PAID) {
    throw new EcashError('payment-failed', 'This invoice has already been paid');
  }
  if (quote.state === MeltQuoteState.PENDING) {
    throw new EcashError('payment-pending', 'This payment is already in progress');
  }
  const amount = quote.amount.toNumber();
  const target = amount + quote.fee_reserve.toNumber();
  const ready = await mintProofs(conn, 'ready');
  const inputs = selectInputs(conn, ready, target);
  const inputFee = inputs.length
    ? conn.wallet.getFeesForProofs(inputs.map(toProofLike)).toNumber()
    : 0;
  if (inputs.length === 0 || sumAmounts(inputs) - inputFee < target) {
    throw new EcashError('insufficient-funds', ecashMessages.notEnoughFunds);
  }

  const now = conn.context.now();
  const entry: HistoryEntry = {
    id: randomId(),
    kind: 'melt',
    mint: conn.url,
    amount,
    fee: 0,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    invoice: quote.request,
    quoteId: quote.quote,
  };
  let counters: OperationCounters | undefined;
  let op: PendingOperation | undefined;
  try {
    const preview = await conn.wallet.prepareMelt('bolt11', quote, inputs.map(toProofLike), {
      onCountersReserved: (c) => (counters = c),
    });
    op = {
      id: randomId(),
      kind: 'melt',
      purpose: 'melt',
      mint: conn.url,
      keysetId: counters?.keysetId ?? preview.keysetId,
      counterStart: counters?.start ?? 0,
      counterCount: counters?.count ?? 0,
      inputs: inputs.map((p) => p.secret),
      quoteId: quote.quote,
      historyId: entry.id,
      createdAt: now,
    };
    await storage.commit({
      putOperations: [op],
      putProofs: withState(inputs, 'pending', op.id),
      putHistory: [entry],
    });
    const result = await conn.wallet.completeMelt(preview);
    const state = result.quote.state;
    if (state === MeltQuoteState.PAID) {
      const change = storedProofs(conn, result.change);
      const fee = sumAmounts(inputs) - amount - sumAmounts(change);
      const preimage = result.quote.payment_preimage ?? null;
      const done: HistoryEntry = {
        ...entry,
        status: 'done',
        fee,
        updatedAt: conn.context.now(),
        ...(preimage ? { preimage } : {}),
      };
      await storage.commit({
        deleteProofs: op.inputs,
        putProofs: change,
        deleteOperations: [op.id],
        putHistory: [done],
      });
      return { entry: done, preimage, fee };
    }
    if (state === MeltQuoteState.PENDING) {
      throw new EcashError('payment-pending', 'The payment is in progress');
    }
    throw new EcashError('payment-failed', ecashMessages.paymentFailed);
  } catch (err) {
    const error = toEcashError(err);
    if (op && error.code !== 'payment-pending') {
      const settled = await recoverOperation(conn, op).catch(() => undefined);
      if (settled?.outcome === 'completed' && settled.entry) {
        return {
          entry: settled.entry,
          preimage: settled.entry.preimage ?? null,
          fee: settled.entry.fee,
        };
      }
      if (settled?.outcome === 'pending') {
        throw new EcashError('payment-pending', 'The payment is in progress', { cause: err });
      }
      const retired =
        error.mintCode === NutCode.keysetInactive || error.mintCode === NutCode.keysetUnknown;
      if (settled?.outcome === 'released' && retired) {
        // Refused before paying because the mint rotated keys: the caller retries on the new
        // keyset, so this attempt leaves no line in the history.
        await storage.commit({ deleteHistory: [entry.id] });
      }
    }
    throw error;
  }
}
