import { CheckStateEnum, MeltQuoteState, MintQuoteState } from '@cashu/cashu-ts';
import { toEcashError } from './errors.ts';
import type { MintConnection } from './mint-connection.ts';
import { restoreOperationProofs } from './mint-ops.ts';
import { sumAmounts, toProofLike, type ProofData } from './proof.ts';
import { storedProofs, withState } from './proof-store.ts';
import { restoreRange } from './restore-ops.ts';
import type { HistoryEntry, PendingOperation } from './storage/wallet-storage.ts';

export type RecoveryOutcome =
  /** The request went through: its outputs are in the wallet now. */
  | 'completed'
  /** The request never took effect: the inputs are spendable again. */
  | 'released'
  /** Still in flight at the mint (a lightning payment): try again later. */
  | 'pending'
  /** Nothing to recover (someone else redeemed the token; the quote was never redeemed). */
  | 'dropped';

async function historyEntry(
  conn: MintConnection,
  id: string | undefined,
): Promise<HistoryEntry | undefined> {
  if (!id) return undefined;
  return (await conn.context.storage.history()).find((h) => h.id === id);
}

/**
 * Settles a journaled operation whose answer never arrived, from what the mint says now:
 * inputs unspent -> the request never took effect, release them; inputs spent -> it did, restore
 * the outputs from the journaled counters (NUT-09) and store them; a melt still pending at the
 * mint stays pending. A mint whose quote is issued gets its proofs restored the same way.
 */
export async function recoverOperation(
  conn: MintConnection,
  op: PendingOperation,
): Promise<{ outcome: RecoveryOutcome; entry?: HistoryEntry }> {
  const { storage } = conn.context;
  const now = conn.context.now();
  try {
    const entry = await historyEntry(conn, op.historyId);
    if (op.kind === 'mint') {
      if (!op.quoteId) {
        await storage.commit({ deleteOperations: [op.id] });
        return { outcome: 'dropped' };
      }
      const quote = await conn.wallet.checkMintQuoteBolt11(op.quoteId);
      if (quote.state === MintQuoteState.ISSUED) {
        const done = await restoreOperationProofs(conn, op, entry);
        return { outcome: 'completed', ...(done ? { entry: done } : {}) };
      }
      // Paid but never signed: the history line stays pending and can be redeemed again.
      await storage.commit({ deleteOperations: [op.id] });
      return { outcome: 'dropped' };
    }

    const stored = (await storage.proofs()).filter((p) => op.inputs.includes(p.secret));
    const inputs: ProofData[] = op.inputs.length ? stored : (op.foreignInputs ?? []);
    const states = inputs.length
      ? await conn.wallet.checkProofsStates(inputs.map(toProofLike))
      : [];
    const spent = states.some((s) => s.state === CheckStateEnum.SPENT);
    const pending = states.some((s) => s.state === CheckStateEnum.PENDING);

    if (op.kind === 'melt' && op.quoteId && (pending || spent)) {
      const quote = await conn.wallet.checkMeltQuoteBolt11(op.quoteId);
      if (quote.state === MeltQuoteState.PENDING) return { outcome: 'pending' };
      if (quote.state === MeltQuoteState.PAID) {
        const change = await restoreRange(conn, op.keysetId, op.counterStart, op.counterCount);
        const done: HistoryEntry | undefined = entry && {
          ...entry,
          status: 'done',
          fee: sumAmounts(stored) - entry.amount - sumAmounts(change),
          updatedAt: now,
          ...(quote.payment_preimage ? { preimage: quote.payment_preimage } : {}),
        };
        await storage.commit({
          deleteProofs: op.inputs,
          putProofs: storedProofs(conn, change),
          deleteOperations: [op.id],
          ...(done ? { putHistory: [done] } : {}),
        });
        return { outcome: 'completed', ...(done ? { entry: done } : {}) };
      }
    }
    if (pending) return { outcome: 'pending' };

    if (!spent) {
      const failed: HistoryEntry | undefined =
        entry && entry.kind === 'melt' ? { ...entry, status: 'failed', updatedAt: now } : undefined;
      await storage.commit({
        putProofs: withState(stored, 'ready'),
        deleteOperations: [op.id],
        ...(failed ? { putHistory: [failed] } : {}),
      });
      return { outcome: 'released', ...(failed ? { entry: failed } : {}) };
    }

    const outputs = await restoreRange(conn, op.keysetId, op.counterStart, op.counterCount);
    if (op.purpose === 'receive' && outputs.length === 0) {
      // Spent, but not into our outputs: someone redeemed the token first.
      await storage.commit({ deleteOperations: [op.id], deleteProofs: op.inputs });
      return { outcome: 'dropped' };
    }
    let done: HistoryEntry | undefined;
    if (op.purpose === 'receive' && entry?.kind === 'send') {
      const fee = entry.fee + entry.amount - sumAmounts(outputs);
      done = { ...entry, status: 'reclaimed', fee, updatedAt: now };
    } else if (op.purpose === 'receive' && op.historyId) {
      done = {
        id: op.historyId,
        kind: 'receive',
        mint: conn.url,
        amount: sumAmounts(outputs),
        fee: sumAmounts(inputs) - sumAmounts(outputs),
        status: 'done',
        createdAt: now,
        updatedAt: now,
      };
    } else if (op.purpose === 'melt' && entry) {
      done = {
        ...entry,
        status: 'done',
        fee: sumAmounts(stored) - entry.amount - sumAmounts(outputs),
        updatedAt: now,
      };
    }
    await storage.commit({
      deleteProofs: op.inputs,
      putProofs: storedProofs(conn, outputs),
      deleteOperations: [op.id],
      ...(done ? { putHistory: [done] } : {}),
    });
    return { outcome: 'completed', ...(done ? { entry: done } : {}) };
  } catch (err) {
    throw toEcashError(err);
  }
}
