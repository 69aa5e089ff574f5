import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Amount, type Proof, type ProofLike } from '@cashu/cashu-ts';

/** A proof as the wallet keeps it: plain JSON, the amount as a number of sats. */
export interface ProofData {
  /** Keyset id. */
  id: string;
  amount: number;
  secret: string;
  /** The unblinded signature (33-byte compressed point, hex). */
  C: string;
  /** NUT-12 DLEQ proof, with the blinding factor `r` when it travels to another user. */
  dleq?: { e: string; s: string; r?: string };
  witness?: string;
}

/** Any cashu-ts proof (bigint `Amount`) as plain `ProofData`. */
export function toProofData(proof: Proof | ProofLike): ProofData {
  const amount = Amount.from(proof.amount);
  if (!amount.isSafeNumber()) throw new RangeError('proof amount is too large');
  const out: ProofData = {
    id: proof.id,
    amount: amount.toNumber(),
    secret: proof.secret,
    C: proof.C,
  };
  if (proof.dleq) {
    out.dleq = { e: proof.dleq.e, s: proof.dleq.s };
    if (proof.dleq.r !== undefined) out.dleq.r = proof.dleq.r;
  }
  if (typeof proof.witness === 'string') out.witness = proof.witness;
  else if (proof.witness) out.witness = JSON.stringify(proof.witness);
  return out;
}

/** `ProofData` in the shape cashu-ts accepts. */
export function toProofLike(proof: ProofData): ProofLike {
  const out: ProofLike = { id: proof.id, amount: proof.amount, secret: proof.secret, C: proof.C };
  if (proof.dleq) out.dleq = { ...proof.dleq };
  if (proof.witness !== undefined) out.witness = proof.witness;
  return out;
}

export function sumAmounts(proofs: ReadonlyArray<{ amount: number }>): number {
  return proofs.reduce((total, p) => total + p.amount, 0);
}

/**
 * The storage key of a proof: SHA-256 of its secret. Unique per proof (secrets are), stable, and
 * reveals nothing of the secret, so records can be keyed by it even when their contents are
 * encrypted.
 */
export function proofKey(secret: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(secret)));
}
