import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { MintError, MintErrorCode as E } from './mint-error.ts';

/** A NUT-10 well-known secret: `[kind, {nonce, data, tags?}]`. */
export interface WellKnownSecret {
  kind: string;
  nonce: string;
  data: string;
  tags: string[][];
}

/** The NUT-11 conditions of a P2PK secret, validated. Keys are compressed hex, lower case. */
export interface P2pkConditions {
  sigflag: 'SIG_INPUTS' | 'SIG_ALL';
  /** `data` and the `pubkeys` tag: the main pathway. */
  keys: string[];
  nSigs: number;
  /** Unix seconds; undefined: a permanent lock. */
  locktime?: number;
  refund: string[];
  nSigsRefund: number;
}

/** The parts of an input the spending conditions look at, as the request sent them. */
export interface ConditionInput {
  secret: string;
  C: string;
  witness?: unknown;
}

/** The parts of an output a SIG_ALL signature covers, as the request sent them. */
export interface ConditionOutput {
  amount: number;
  B_: string;
}

const KNOWN_TAGS = new Set(['sigflag', 'pubkeys', 'n_sigs', 'locktime', 'refund', 'n_sigs_refund']);
const MAX_TAGS = 32;
const MAX_KEYS = 16;
const MAX_SIGNATURES = 32;

const refuse = (detail: string): never => {
  throw new MintError(E.proofVerificationFailed, detail);
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The well-known secret in `secret`, or undefined for an ordinary (random) secret: NUT-10 applies
 * to a secret that parses as `[kind, {nonce, data, tags?}]`. A secret of that shape with a bad
 * field (a tag that is not a list of non-empty strings) is refused, never taken as ordinary.
 */
export function parseWellKnownSecret(secret: string): WellKnownSecret | undefined {
  if (!secret.startsWith('[')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(secret);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [kind, body] = value as [unknown, unknown];
  if (typeof kind !== 'string' || !isRecord(body)) return undefined;
  if (typeof body.nonce !== 'string' || typeof body.data !== 'string') {
    return refuse(`a ${kind} secret needs a nonce and data`);
  }
  const tags = body.tags ?? [];
  if (!Array.isArray(tags) || tags.length > MAX_TAGS) return refuse('secret tags must be a list');
  for (const tag of tags) {
    if (
      !Array.isArray(tag) ||
      tag.length === 0 ||
      !tag.every((s) => typeof s === 'string' && s !== '')
    ) {
      return refuse('a secret tag is a list of one or more non-empty strings');
    }
  }
  return { kind, nonce: body.nonce, data: body.data, tags: tags as string[][] };
}

/** A compressed public key (33 bytes hex), lower case; refused otherwise. */
function compressedKey(hex: string): string {
  if (!/^0[23][0-9a-fA-F]{64}$/.test(hex)) refuse('P2PK keys must be compressed public keys');
  try {
    secp256k1.Point.fromHex(hex);
  } catch {
    refuse('P2PK keys must be points on the curve');
  }
  return hex.toLowerCase();
}

/** Keys of one pathway; a key twice (by x-coordinate) makes the secret malformed. */
function pathway(keys: string[], name: string): string[] {
  const seen = new Set<string>();
  for (const k of keys) {
    const x = k.slice(2);
    if (seen.has(x)) refuse(`the ${name} keys name one key twice`);
    seen.add(x);
  }
  if (keys.length > MAX_KEYS) refuse(`at most ${MAX_KEYS} ${name} keys`);
  return keys;
}

/** A threshold tag: a positive whole number no larger than the keys of its pathway. */
function threshold(value: string | undefined, keys: number, name: string): number {
  if (value === undefined) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(value) || Number(value) > keys) {
    refuse(`${name} must be a positive number no larger than its keys`);
  }
  return Number(value);
}

/** Validates a P2PK secret's data and tags (NUT-11); a malformed one is refused. */
export function p2pkConditions(secret: WellKnownSecret): P2pkConditions {
  const tags = new Map<string, string[]>();
  for (const [key, ...values] of secret.tags) {
    if (!KNOWN_TAGS.has(key!)) continue;
    if (tags.has(key!)) refuse(`the P2PK tag ${key} appears twice`);
    tags.set(key!, values);
  }
  const flag = tags.get('sigflag')?.[0] ?? 'SIG_INPUTS';
  if (flag !== 'SIG_INPUTS' && flag !== 'SIG_ALL') refuse(`unknown sigflag ${flag}`);
  const keys = pathway([secret.data, ...(tags.get('pubkeys') ?? [])].map(compressedKey), 'main');
  const refund = pathway((tags.get('refund') ?? []).map(compressedKey), 'refund');
  const lock = tags.get('locktime')?.[0];
  const locktime = lock !== undefined && /^[0-9]{1,15}$/.test(lock) ? Number(lock) : undefined;
  return {
    sigflag: flag as P2pkConditions['sigflag'],
    keys,
    nSigs: threshold(tags.get('n_sigs')?.[0], keys.length, 'n_sigs'),
    ...(locktime !== undefined ? { locktime } : {}),
    refund,
    nSigsRefund: refund.length
      ? threshold(tags.get('n_sigs_refund')?.[0], refund.length, 'n_sigs_refund')
      : 1,
  };
}

/** The signatures of a P2PK witness (a JSON string or an object). */
function witnessSignatures(witness: unknown): string[] {
  let value = witness;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return refuse('the witness is not JSON');
    }
  }
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) return refuse('the witness must be an object');
  const sigs = value.signatures ?? [];
  if (
    !Array.isArray(sigs) ||
    sigs.length > MAX_SIGNATURES ||
    !sigs.every((s) => typeof s === 'string' && /^[0-9a-fA-F]{128}$/.test(s))
  ) {
    return refuse('witness signatures must be 64-byte hex Schnorr signatures');
  }
  return sigs as string[];
}

/** How many of `keys` made one of `signatures` over SHA-256 of `message` (each key once). */
function signers(keys: readonly string[], signatures: readonly string[], message: string): number {
  const hash = sha256(new TextEncoder().encode(message));
  let count = 0;
  for (const key of keys) {
    const x = hexToBytes(key.slice(2));
    const signed = signatures.some((sig) => {
      try {
        return schnorr.verify(hexToBytes(sig), hash, x);
      } catch {
        return false;
      }
    });
    if (signed) count++;
  }
  return count;
}

/**
 * Whether the witness meets the conditions at `now` (unix seconds): the main pathway always
 * (n_sigs of data + pubkeys); after the locktime also the refund pathway (n_sigs_refund of the
 * refund keys), or anyone when there are no refund keys.
 */
export function p2pkSatisfied(
  conditions: P2pkConditions,
  witness: unknown,
  message: string,
  now: number,
): boolean {
  const expired = conditions.locktime !== undefined && now > conditions.locktime;
  if (expired && conditions.refund.length === 0) return true;
  const signatures = witnessSignatures(witness);
  if (signers(conditions.keys, signatures, message) >= conditions.nSigs) return true;
  return expired && signers(conditions.refund, signatures, message) >= conditions.nSigsRefund;
}

/**
 * The message a SIG_ALL signature covers (NUT-11): every input's secret and C, every output's
 * amount and B_, in request order, then the melt's quote id.
 */
export function sigAllMessage(
  inputs: readonly ConditionInput[],
  outputs: readonly ConditionOutput[],
  quote?: string,
): string {
  return [
    ...inputs.map((p) => p.secret + p.C),
    ...outputs.map((o) => String(o.amount) + o.B_),
    quote ?? '',
  ].join('');
}

/**
 * Checks the spending conditions of a swap's or melt's inputs (NUT-10, NUT-11 P2PK with
 * SIG_INPUTS and SIG_ALL, multisig, locktime and refund keys). Ordinary secrets pass; other
 * kinds (NUT-14 HTLC) are refused, never treated as ordinary. Throws `MintError` 10001 saying
 * what failed.
 */
export function checkSpendingConditions(
  inputs: readonly ConditionInput[],
  outputs: readonly ConditionOutput[],
  now: number,
  quote?: string,
): void {
  const locked = inputs.map((p) => {
    const secret = parseWellKnownSecret(p.secret);
    if (secret && secret.kind !== 'P2PK') {
      refuse(`spending conditions of kind ${secret.kind} are not supported`);
    }
    return secret && { secret, conditions: p2pkConditions(secret) };
  });
  const sigAll = locked.find((l) => l?.conditions.sigflag === 'SIG_ALL');
  if (sigAll) {
    const same = JSON.stringify([sigAll.secret.data, sigAll.secret.tags]);
    if (!locked.every((l) => l && JSON.stringify([l.secret.data, l.secret.tags]) === same)) {
      refuse('SIG_ALL inputs must all carry the same P2PK conditions');
    }
    const message = sigAllMessage(inputs, outputs, quote);
    if (!p2pkSatisfied(sigAll.conditions, inputs[0]!.witness, message, now)) {
      refuse('the SIG_ALL witness does not meet the spending conditions');
    }
    return;
  }
  locked.forEach((l, i) => {
    if (!l) return;
    if (!p2pkSatisfied(l.conditions, inputs[i]!.witness, inputs[i]!.secret, now)) {
      refuse('the witness does not meet the P2PK spending conditions');
    }
  });
}
