import { CheckStateEnum } from '@cashu/cashu-ts';
import { toEcashError } from './errors.ts';
import type { MintConnection } from './mint-connection.ts';
import { toProofLike } from './proof.ts';
import { mintProofs } from './proof-store.ts';
import type { HistoryEntry } from './storage/wallet-storage.ts';

export interface ProofStateReport {
  mint: string;
  unspent: number;
  pending: number;
  spent: number;
  /** Sent tokens the receiver redeemed since the last check. */
  claimedSends: number;
}

/**
 * NUT-07 check of the wallet's ready and sent proofs at one mint. Spent ready proofs are dropped
 * (spent elsewhere, say by the same seed on another device); a sent token whose proofs are all
 * spent was redeemed by its receiver, so its history line is done and its proofs are dropped.
 */
export async function checkProofStates(conn: MintConnection): Promise<ProofStateReport> {
  const { storage } = conn.context;
  const proofs = (await mintProofs(conn)).filter((p) => p.state !== 'pending');
  const report: ProofStateReport = {
    mint: conn.url,
    unspent: 0,
    pending: 0,
    spent: 0,
    claimedSends: 0,
  };
  if (proofs.length === 0) return report;
  let states;
  try {
    states = await conn.wallet.checkProofsStates(proofs.map(toProofLike));
  } catch (err) {
    throw toEcashError(err);
  }
  const spentSecrets = new Set<string>();
  proofs.forEach((p, i) => {
    const state = states[i]?.state;
    if (state === CheckStateEnum.SPENT) {
      report.spent++;
      spentSecrets.add(p.secret);
    } else if (state === CheckStateEnum.PENDING) report.pending++;
    else report.unspent++;
  });
  const deleteProofs = proofs
    .filter((p) => p.state === 'ready' && spentSecrets.has(p.secret))
    .map((p) => p.secret);
  const claimed: HistoryEntry[] = [];
  const sends = new Map<string, string[]>();
  for (const p of proofs) {
    if (p.state !== 'sent' || !p.ref) continue;
    sends.set(p.ref, [...(sends.get(p.ref) ?? []), p.secret]);
  }
  const history = await storage.history();
  const now = conn.context.now();
  for (const [ref, secrets] of sends) {
    if (!secrets.every((s) => spentSecrets.has(s))) continue;
    deleteProofs.push(...secrets);
    const entry = history.find((h) => h.id === ref);
    if (entry && entry.status === 'pending')
      claimed.push({ ...entry, status: 'done', updatedAt: now });
  }
  report.claimedSends = claimed.length;
  if (deleteProofs.length || claimed.length) {
    await storage.commit({ deleteProofs, putHistory: claimed });
  }
  return report;
}
