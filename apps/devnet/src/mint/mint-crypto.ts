import {
  createBlindSignature,
  createDLEQProof,
  hashToCurve,
  pointFromHex,
  verifyUnblindedSignature,
} from '@cashu/cashu-ts';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { DevnetKeyset } from './mint-keysets.ts';

const utf8 = new TextEncoder();

/** A blind signature as the mint sends it (NUT-00, with the NUT-12 DLEQ proof). */
export interface BlindSignatureJson {
  id: string;
  amount: number;
  C_: string;
  dleq: { e: string; s: string };
}

/** Y = hash_to_curve(secret), compressed hex: the proof's identity in the spent list (NUT-07). */
export function proofY(secret: string): string {
  return hashToCurve(utf8.encode(secret)).toHex(true);
}

/** Signs one blinded message `B_` for `amount` with the keyset, with its DLEQ proof. */
export function signBlindedMessage(
  keyset: DevnetKeyset,
  amount: number,
  B_: string,
): BlindSignatureJson {
  const key = keyset.privateKeys[String(amount)];
  if (!key) throw new Error(`no key for amount ${amount}`);
  const point = pointFromHex(B_);
  const signature = createBlindSignature(point, key, keyset.id);
  const dleq = createDLEQProof(point, key);
  return {
    id: keyset.id,
    amount,
    C_: signature.C_.toHex(true),
    dleq: { e: bytesToHex(dleq.e), s: bytesToHex(dleq.s) },
  };
}

/** Whether `C` is the keyset's signature on `secret` for `amount` (C == k * hash_to_curve(secret)). */
export function verifyProofSignature(
  keyset: DevnetKeyset,
  proof: { amount: number; secret: string; C: string },
): boolean {
  const key = keyset.privateKeys[String(proof.amount)];
  if (!key) return false;
  try {
    return verifyUnblindedSignature(
      { id: keyset.id, C: pointFromHex(proof.C), secret: utf8.encode(proof.secret) },
      key,
    );
  } catch {
    return false;
  }
}

/** Whether a hex string is a valid compressed secp256k1 point. */
export function isPoint(hex: unknown): hex is string {
  if (typeof hex !== 'string' || !/^0[23][0-9a-f]{64}$/i.test(hex)) return false;
  try {
    pointFromHex(hex);
    return true;
  } catch {
    return false;
  }
}
