import { CheckStateEnum, type Proof } from '@cashu/cashu-ts';
import { toEcashError } from './errors.ts';
import type { MintConnection } from './mint-connection.ts';
import { sumAmounts, toProofData, type ProofData } from './proof.ts';
import type { HistoryEntry } from './storage/wallet-storage.ts';
import { randomId } from './ids.ts';

export interface RestoreOptions {
  /** Empty counters in a row after which a keyset is considered done (default 300). */
  gapLimit?: number;
  /** Outputs per restore request (default 100). */
  batchSize?: number;
}

export interface RestoreResult {
  mint: string;
  /** Sats of unspent proofs found that the wallet did not hold. */
  amount: number;
  proofs: number;
}

/** Keeps the restored proofs the mint reports unspent and the wallet does not hold yet. */
async function keepNewUnspent(conn: MintConnection, proofs: Proof[]): Promise<ProofData[]> {
  if (proofs.length === 0) return [];
  const held = new Set((await conn.context.storage.proofs()).map((p) => p.secret));
  const fresh = proofs.filter((p) => !held.has(p.secret));
  if (fresh.length === 0) return [];
  const states = await conn.wallet.checkProofsStates(fresh);
  return fresh.filter((_, i) => states[i]?.state === CheckStateEnum.UNSPENT).map(toProofData);
}

/** NUT-09 restore of one counter range of a keyset: the unspent proofs the mint had signed. */
export async function restoreRange(
  conn: MintConnection,
  keysetId: string,
  start: number,
  count: number,
): Promise<ProofData[]> {
  if (count <= 0) return [];
  try {
    await conn.ensureKeys(keysetId);
    const { proofs } = await conn.wallet.restore(start, count, { keysetId });
    return await keepNewUnspent(conn, proofs);
  } catch (err) {
    throw toEcashError(err);
  }
}

/**
 * Recovers a mint's ecash from the seed (NUT-13 + NUT-09): for every sat keyset, batches of
 * deterministic outputs from counter 0 until `gapLimit` counters in a row come back unsigned, so
 * skipped counters (a crash between reservation and request, unused change outputs) do not stop
 * it. Unspent proofs go into the wallet and counters move past the last signed one.
 */
export async function restoreMint(
  conn: MintConnection,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const { storage, counters } = conn.context;
  const gapLimit = options.gapLimit ?? 300;
  const batchSize = options.batchSize ?? 100;
  const found: ProofData[] = [];
  try {
    for (const keyset of conn.keysets()) {
      if (keyset.unit !== 'sat') continue;
      await conn.ensureKeys(keyset.id);
      const { proofs, lastCounterWithSignature } = await conn.wallet.batchRestore(
        gapLimit,
        batchSize,
        0,
        keyset.id,
      );
      if (lastCounterWithSignature !== undefined) {
        await counters.advanceToAtLeast(keyset.id, lastCounterWithSignature + 1);
      }
      found.push(...(await keepNewUnspent(conn, proofs)));
    }
  } catch (err) {
    throw toEcashError(err);
  }
  const amount = sumAmounts(found);
  if (found.length > 0) {
    const now = conn.context.now();
    const entry: HistoryEntry = {
      id: randomId(),
      kind: 'receive',
      mint: conn.url,
      amount,
      fee: 0,
      status: 'done',
      createdAt: now,
      updatedAt: now,
      restored: true,
    };
    await storage.commit({
      putProofs: found.map((p) => ({ ...p, mint: conn.url, state: 'ready', addedAt: now })),
      putHistory: [entry],
    });
    await conn.persist();
  }
  return { mint: conn.url, amount, proofs: found.length };
}
