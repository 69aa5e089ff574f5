import type { OperationCounters, Proof } from '@cashu/cashu-ts';
import { checkAmount } from '../amounts.ts';
import { toEcashError } from '../errors.ts';
import { randomId } from '../ids.ts';
import type { MintConnection } from '../mint-connection.ts';
import { sumAmounts, toProofData, toProofLike, type ProofData } from '../proof.ts';
import { mintProofs, storedProofs, withState } from '../proof-store.ts';
import type { HistoryEntry, PendingOperation } from '../storage/wallet-storage.ts';
import { insufficient, operation, settle } from '../swap-ops.ts';

/**
 * Sends `amount` sats as proofs locked to `pubkey` (NUT-10/11 P2PK, a NIP-61 nutzap): a swap whose
 * send outputs carry the lock (random secrets: only the key's holder can spend them) and whose
 * change is the wallet's own (NUT-13). The history line is done at once: locked ecash cannot be
 * taken back. Returns the locked proofs with their DLEQ proofs (NUT-12), for the nutzap's tags.
 */
export async function sendLockedEcash(
  conn: MintConnection,
  amount: number,
  pubkey: string,
  options: { memo?: string } = {},
): Promise<{ proofs: ProofData[]; entry: HistoryEntry }> {
  checkAmount(amount);
  const { storage } = conn.context;
  const ready = await mintProofs(conn, 'ready');
  if (sumAmounts(ready) < amount) throw insufficient();
  const historyId = randomId();
  const now = conn.context.now();
  const bySecret = new Map(ready.map((p) => [p.secret, p]));
  let counters: OperationCounters | undefined;
  let op: PendingOperation | undefined;
  try {
    const preview = await conn.wallet.prepareSwapToSend(
      amount,
      ready.map(toProofLike),
      { includeFees: true, onCountersReserved: (c) => (counters = c) },
      { send: { type: 'p2pk', options: { pubkey } }, keep: { type: 'deterministic', counter: 0 } },
    );
    const inputs = preview.inputs.map((p) => bySecret.get(p.secret)!);
    op = operation(
      conn,
      { kind: 'swap', purpose: 'send', inputs: inputs.map((p) => p.secret) },
      counters,
    );
    await storage.commit({ putOperations: [op], putProofs: withState(inputs, 'pending', op.id) });
    const result = await conn.wallet.completeSwap(preview);
    const unselected = new Set((preview.unselectedProofs ?? []).map((p) => p.secret));
    const keep = result.keep.filter((p: Proof) => !unselected.has(p.secret));
    const locked = result.send.map(toProofData);
    const fee = sumAmounts(inputs) - sumAmounts(storedProofs(conn, keep)) - amount;
    const entry: HistoryEntry = {
      id: historyId,
      kind: 'send',
      mint: conn.url,
      amount,
      fee,
      status: 'done',
      createdAt: now,
      updatedAt: now,
      ...(options.memo ? { memo: options.memo } : {}),
    };
    await storage.commit({
      deleteProofs: inputs.map((p) => p.secret),
      putProofs: storedProofs(conn, keep),
      deleteOperations: [op.id],
      putHistory: [entry],
    });
    return { proofs: locked, entry };
  } catch (err) {
    if (op) await settle(conn, op);
    const error = toEcashError(err);
    throw error.code === 'insufficient-funds' ? insufficient(err) : error;
  }
}
