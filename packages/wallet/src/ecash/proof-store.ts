import type { MintConnection } from './mint-connection.ts';
import { toProofData, type ProofData } from './proof.ts';
import type { StoredProof, StoredProofState } from './storage/wallet-storage.ts';
import type { Proof } from '@cashu/cashu-ts';

/** The stored proofs of one mint, optionally only those in a state. */
export async function mintProofs(
  conn: MintConnection,
  state?: StoredProofState,
): Promise<StoredProof[]> {
  const all = await conn.context.storage.proofs();
  return all.filter((p) => p.mint === conn.url && (state === undefined || p.state === state));
}

/** New proofs from a mint answer, ready to store. */
export function storedProofs(
  conn: MintConnection,
  proofs: ReadonlyArray<Proof | ProofData>,
  state: StoredProofState = 'ready',
  ref?: string,
): StoredProof[] {
  const now = conn.context.now();
  return proofs.map((p) => {
    return { ...toProofData(p), mint: conn.url, state, addedAt: now, ...(ref ? { ref } : {}) };
  });
}

/** The same proofs with another state (and reference). */
export function withState(
  proofs: readonly StoredProof[],
  state: StoredProofState,
  ref?: string,
): StoredProof[] {
  return proofs.map((p) => {
    const { ref: _old, ...rest } = p;
    return { ...rest, state, ...(ref ? { ref } : {}) };
  });
}
