import type { OperationCounters, Proof } from '@cashu/cashu-ts';
import { checkAmount } from './amounts.ts';
import { EcashError, ecashMessages, toEcashError } from './errors.ts';
import { randomId } from './ids.ts';
import type { MintConnection } from './mint-connection.ts';
import { sumAmounts, toProofLike, type ProofData } from './proof.ts';
import { mintProofs, storedProofs, withState } from './proof-store.ts';
import { recoverOperation } from './recover-ops.ts';
import type { HistoryEntry, PendingOperation, StoredProof } from './storage/wallet-storage.ts';
import { encodeToken } from './token-codec.ts';

export interface SendResult {
  /** The `cashuB` token to hand to the receiver. */
  token: string;
  entry: HistoryEntry;
}

export function operation(
  conn: MintConnection,
  fields: Pick<PendingOperation, 'kind' | 'purpose' | 'inputs'> & Partial<PendingOperation>,
  counters: OperationCounters | undefined,
): PendingOperation {
  return {
    id: randomId(),
    mint: conn.url,
    keysetId: counters?.keysetId ?? '',
    counterStart: counters?.start ?? 0,
    counterCount: counters?.count ?? 0,
    createdAt: conn.context.now(),
    ...fields,
  };
}

/** After a failed request: settle the journal entry if possible (never hides the first error). */
export async function settle(conn: MintConnection, op: PendingOperation): Promise<void> {
  try {
    await recoverOperation(conn, op);
  } catch {
    // Still unreachable: the entry stays and `sync` settles it later.
  }
}

export function insufficient(err?: unknown): EcashError {
  return new EcashError('insufficient-funds', ecashMessages.notEnoughFunds, { cause: err });
}

/**
 * Sends `amount` sats as a token (NUT-03). The receiver nets the amount: the fee to redeem it is
 * included. Proofs that match exactly go as they are; otherwise a swap splits them, journaled like
 * every request. The sent proofs stay in the wallet as `sent` until the receiver redeems them
 * (`checkSentTokens`) or the sender takes them back (`reclaimSend`).
 */
export async function sendEcash(
  conn: MintConnection,
  amount: number,
  options: { memo?: string } = {},
): Promise<SendResult> {
  checkAmount(amount);
  const { storage } = conn.context;
  const ready = await mintProofs(conn, 'ready');
  if (sumAmounts(ready) < amount) throw insufficient();
  const historyId = randomId();
  const now = conn.context.now();
  const bySecret = new Map(ready.map((p) => [p.secret, p]));

  let offline: StoredProof[] = [];
  try {
    const { send } = conn.wallet.sendOffline(amount, ready.map(toProofLike), {
      includeFees: true,
      exactMatch: true,
    });
    const fee = send.length ? conn.wallet.getFeesForProofs(send).toNumber() : 0;
    if (
      send.length &&
      sumAmounts(send.map((p) => ({ amount: p.amount.toNumber() }))) === amount + fee
    ) {
      offline = send.map((p) => bySecret.get(p.secret)!);
    }
  } catch {
    // No exact match: swap below.
  }

  let sent: ProofData[];
  let fee: number;
  if (offline.length > 0) {
    sent = offline;
    fee = sumAmounts(offline) - amount;
    const token = encodeToken({
      mint: conn.url,
      proofs: sent,
      ...(options.memo ? { memo: options.memo } : {}),
    });
    const entry = sendEntry(conn, historyId, amount, fee, token, now, options.memo);
    await storage.commit({ putProofs: withState(offline, 'sent', historyId), putHistory: [entry] });
    return { token, entry };
  }

  let counters: OperationCounters | undefined;
  let op: PendingOperation | undefined;
  try {
    const preview = await conn.wallet.prepareSwapToSend(amount, ready.map(toProofLike), {
      includeFees: true,
      onCountersReserved: (c) => (counters = c),
    });
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
    const sentProofs = storedProofs(conn, result.send, 'sent', historyId);
    sent = sentProofs;
    fee = sumAmounts(inputs) - sumAmounts(storedProofs(conn, keep)) - amount;
    const token = encodeToken({
      mint: conn.url,
      proofs: sent,
      ...(options.memo ? { memo: options.memo } : {}),
    });
    const entry = sendEntry(conn, historyId, amount, fee, token, now, options.memo);
    await storage.commit({
      deleteProofs: inputs.map((p) => p.secret),
      putProofs: [...storedProofs(conn, keep), ...sentProofs],
      deleteOperations: [op.id],
      putHistory: [entry],
    });
    return { token, entry };
  } catch (err) {
    if (op) await settle(conn, op);
    const error = toEcashError(err);
    throw error.code === 'insufficient-funds' ? insufficient(err) : error;
  }
}

function sendEntry(
  conn: MintConnection,
  id: string,
  amount: number,
  fee: number,
  token: string,
  now: number,
  memo?: string,
): HistoryEntry {
  return {
    id,
    kind: 'send',
    mint: conn.url,
    amount,
    fee,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    token,
    ...(memo ? { memo } : {}),
  };
}

/**
 * Redeems proofs of this mint into the wallet with a swap (NUT-03). DLEQ proofs that come with
 * the token are verified (NUT-12). Returns the history line (amount net of the mint's fee).
 */
export async function receiveProofs(
  conn: MintConnection,
  proofs: readonly ProofData[],
  options: { memo?: string; reclaim?: HistoryEntry; privkey?: string; nutzap?: string } = {},
): Promise<HistoryEntry> {
  const { storage } = conn.context;
  for (const id of new Set(proofs.map((p) => p.id))) {
    if (!conn.keysetIds().includes(id)) await conn.refresh();
    if (!conn.keysetIds().includes(id)) {
      throw new EcashError('invalid-token', `${ecashMessages.invalidToken}: unknown keyset ${id}`);
    }
    await conn.ensureKeys(id);
  }
  let counters: OperationCounters | undefined;
  let op: PendingOperation | undefined;
  const own = options.reclaim
    ? (await mintProofs(conn, 'sent')).filter((p) => p.ref === options.reclaim!.id)
    : [];
  try {
    // P2PK-locked proofs (a nutzap) carry the signature of the lock's key as their witness.
    const inputs = options.privkey
      ? conn.wallet.signP2PKProofs(proofs.map(toProofLike), options.privkey)
      : proofs.map(toProofLike);
    const preview = await conn.wallet.prepareSwapToReceive(inputs, {
      onCountersReserved: (c) => (counters = c),
    });
    const historyId = randomId();
    op = operation(
      conn,
      {
        kind: 'swap',
        purpose: 'receive',
        inputs: own.map((p) => p.secret),
        ...(own.length ? {} : { foreignInputs: [...proofs] }),
        historyId: options.reclaim?.id ?? historyId,
      },
      counters,
    );
    await storage.commit({
      putOperations: [op],
      ...(own.length ? { putProofs: withState(own, 'pending', op.id) } : {}),
    });
    const { keep } = await conn.wallet.completeSwap(preview);
    const now = conn.context.now();
    const received = storedProofs(conn, keep);
    const entries: HistoryEntry[] = [];
    let entry: HistoryEntry;
    if (options.reclaim) {
      entry = {
        ...options.reclaim,
        status: 'reclaimed',
        // What taking it back cost: the send's fees without the receiver's fee it included
        // (that came back with the proofs), plus this swap's fee.
        fee:
          options.reclaim.fee -
          (sumAmounts(proofs) - options.reclaim.amount) +
          preview.fees.toNumber(),
        updatedAt: now,
      };
    } else {
      entry = {
        id: historyId,
        kind: 'receive',
        mint: conn.url,
        amount: sumAmounts(received),
        fee: preview.fees.toNumber(),
        status: 'done',
        createdAt: now,
        updatedAt: now,
        ...(options.memo ? { memo: options.memo } : {}),
        ...(options.nutzap ? { nutzap: options.nutzap } : {}),
      };
    }
    entries.push(entry);
    await storage.commit({
      deleteProofs: own.map((p) => p.secret),
      putProofs: received,
      deleteOperations: [op.id],
      putHistory: entries,
    });
    return entry;
  } catch (err) {
    if (op) {
      // The answer may be lost after the mint signed: recovery restores it from the counters.
      const outcome = await recoverOperation(conn, op).catch(() => undefined);
      if (outcome?.entry) return outcome.entry;
    }
    const error = toEcashError(err);
    if (/DLEQ/i.test(error.message)) {
      throw new EcashError(
        'invalid-token',
        `${ecashMessages.invalidToken}: a signature proof is invalid`,
        { cause: err },
      );
    }
    if (error.code === 'token-spent') {
      throw new EcashError('token-spent', ecashMessages.tokenSpent, {
        cause: err,
        mintCode: error.mintCode,
      });
    }
    throw error;
  }
}

/**
 * Moves the ready proofs of inactive keysets to the active one (NUT-02: wallets should swap out
 * of rotated keysets). No history line: nothing leaves the wallet but the mint's input fee.
 */
export async function rotateInactiveProofs(conn: MintConnection): Promise<number> {
  const { storage } = conn.context;
  const stale = (await mintProofs(conn, 'ready')).filter((p) => !conn.isActiveKeyset(p.id));
  if (stale.length === 0) return 0;
  for (const id of new Set(stale.map((p) => p.id))) await conn.ensureKeys(id);
  const fee = conn.wallet.getFeesForProofs(stale.map(toProofLike)).toNumber();
  if (sumAmounts(stale) <= fee) return 0;
  let counters: OperationCounters | undefined;
  let op: PendingOperation | undefined;
  try {
    const preview = await conn.wallet.prepareSwapToReceive(stale.map(toProofLike), {
      onCountersReserved: (c) => (counters = c),
    });
    op = operation(
      conn,
      { kind: 'swap', purpose: 'rotate', inputs: stale.map((p) => p.secret) },
      counters,
    );
    await storage.commit({ putOperations: [op], putProofs: withState(stale, 'pending', op.id) });
    const { keep } = await conn.wallet.completeSwap(preview);
    await storage.commit({
      deleteProofs: stale.map((p) => p.secret),
      putProofs: storedProofs(conn, keep),
      deleteOperations: [op.id],
    });
    return stale.length;
  } catch (err) {
    if (op) await settle(conn, op);
    throw toEcashError(err);
  }
}
