import { isPoint, proofY, verifyProofSignature } from './mint-crypto.ts';
import { MintError, MintErrorCode as E } from './mint-error.ts';
import type { DevnetKeyset } from './mint-keysets.ts';

export const MAX_INPUTS = 1000;
export const MAX_OUTPUTS = 1000;
const MAX_SECRET_LENGTH = 2048;
const MAX_WITNESS_LENGTH = 8192;

export interface ProofJson {
  id: string;
  amount: number;
  secret: string;
  C: string;
  /** hash_to_curve(secret), compressed hex. */
  Y: string;
  /** The NUT-10 witness as sent (kept with the spent proof for NUT-07), if any. */
  witness?: string;
}

export interface BlindedMessageJson {
  id: string;
  amount: number;
  B_: string;
}

interface KeysetLookup {
  keyset(id: string): DevnetKeyset | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Validates swap or melt inputs: shape, known keyset, a key for the amount, a valid signature,
 * no duplicates, not spent, not pending. Spending conditions (NUT-10/11) are checked afterwards
 * by `checkSpendingConditions`, which needs the whole request.
 */
export function checkInputs(
  mint: KeysetLookup,
  raw: unknown,
  states: { get(Y: string): 'SPENT' | 'PENDING' | undefined },
): ProofJson[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new MintError(E.badRequest, 'inputs must be a non-empty array of proofs');
  }
  if (raw.length > MAX_INPUTS) throw new MintError(E.maxInputs, `at most ${MAX_INPUTS} inputs`);
  const seen = new Set<string>();
  return raw.map((p: unknown) => {
    if (
      !isRecord(p) ||
      typeof p.id !== 'string' ||
      typeof p.secret !== 'string' ||
      typeof p.amount !== 'number' ||
      !isPoint(p.C)
    ) {
      throw new MintError(E.badRequest, 'a proof needs id, amount, secret and C');
    }
    if (p.secret.length === 0 || p.secret.length > MAX_SECRET_LENGTH) {
      throw new MintError(E.badRequest, `secrets have 1 to ${MAX_SECRET_LENGTH} characters`);
    }
    if (p.witness !== undefined && p.witness !== null && typeof p.witness !== 'string') {
      if (!isRecord(p.witness)) throw new MintError(E.badRequest, 'a witness is a JSON string');
    }
    const witness =
      p.witness === undefined || p.witness === null
        ? undefined
        : typeof p.witness === 'string'
          ? p.witness
          : JSON.stringify(p.witness);
    if (witness !== undefined && witness.length > MAX_WITNESS_LENGTH) {
      throw new MintError(E.badRequest, `witnesses have at most ${MAX_WITNESS_LENGTH} characters`);
    }
    const keyset = mint.keyset(p.id);
    if (!keyset) throw new MintError(E.keysetUnknown, 'keyset is not known');
    if (!verifyProofSignature(keyset, { amount: p.amount, secret: p.secret, C: p.C })) {
      throw new MintError(E.proofVerificationFailed, 'proof verification failed');
    }
    const Y = proofY(p.secret);
    if (seen.has(Y)) throw new MintError(E.duplicateInputs, 'duplicate inputs provided');
    seen.add(Y);
    const state = states.get(Y);
    if (state === 'SPENT') throw new MintError(E.proofsSpent, 'proofs already spent');
    if (state === 'PENDING') throw new MintError(E.proofsPending, 'proofs are pending');
    return {
      id: p.id,
      amount: p.amount,
      secret: p.secret,
      C: p.C.toLowerCase(),
      Y,
      ...(witness !== undefined ? { witness } : {}),
    };
  });
}

/**
 * Validates outputs: shape, an active keyset with a key for the amount (blank outputs of a melt
 * may carry any amount: the mint sets it), no duplicates, never signed before.
 */
export function checkOutputs(
  mint: KeysetLookup,
  raw: unknown,
  signed: { has(B_: string): boolean },
  options: { blank?: boolean } = {},
): BlindedMessageJson[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new MintError(E.badRequest, 'outputs must be a non-empty array of blinded messages');
  }
  if (raw.length > MAX_OUTPUTS) throw new MintError(E.maxOutputs, `at most ${MAX_OUTPUTS} outputs`);
  const seen = new Set<string>();
  return raw.map((o: unknown) => {
    if (
      !isRecord(o) ||
      typeof o.id !== 'string' ||
      typeof o.amount !== 'number' ||
      !isPoint(o.B_)
    ) {
      throw new MintError(E.badRequest, 'an output needs id, amount and B_');
    }
    const keyset = mint.keyset(o.id);
    if (!keyset) throw new MintError(E.keysetUnknown, 'keyset is not known');
    if (!keyset.active)
      throw new MintError(E.keysetInactive, 'keyset is inactive, cannot sign messages');
    if (!options.blank && !keyset.keys[String(o.amount)]) {
      throw new MintError(E.badRequest, `the keyset has no key for amount ${o.amount}`);
    }
    const B_ = o.B_.toLowerCase();
    if (seen.has(B_)) throw new MintError(E.duplicateOutputs, 'duplicate outputs provided');
    seen.add(B_);
    if (signed.has(B_)) throw new MintError(E.outputsSigned, 'outputs already signed');
    return { id: o.id, amount: options.blank ? 0 : o.amount, B_ };
  });
}
