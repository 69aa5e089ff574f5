import { isHex128, isHex64 } from './hex.ts';
import type { EventCheck, NostrEvent } from './types.ts';
import { verifyEventDetailed } from './verify.ts';

// secp256k1 field prime p and group order n, as 64 lowercase hex digits. Equal-length
// lowercase hex strings compare like the numbers they spell.
const FIELD_P = 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f';
const ORDER_N = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
const ZERO = '0'.repeat(64);

function fail(reason: string): EventCheck {
  return { ok: false, reason };
}

function isUint(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Range check of a BIP-340 signature (client-spec section 5): r is an x coordinate, so it
 * must be below the field prime p (BIP-340 rejects r >= p); s must be below the curve order n.
 * Returns a reason or undefined.
 */
export function signatureRangeProblem(sig: string): string | undefined {
  if (!isHex128(sig)) return 'sig must be 128 lowercase hex';
  const r = sig.slice(0, 64);
  const s = sig.slice(64);
  if (r >= FIELD_P) return 'signature r out of range';
  if (s >= ORDER_N) return 'signature s out of range';
  if (s === ZERO) return 'signature s out of range';
  return undefined;
}

function tagsProblem(tags: unknown): string | undefined {
  if (!Array.isArray(tags)) return 'tags must be an array';
  for (let i = 0; i < tags.length; i++) {
    const tag: unknown = tags[i];
    if (!Array.isArray(tag)) return `tag ${i} must be an array`;
    for (const item of tag as unknown[]) {
      if (typeof item !== 'string') return `tag ${i} must contain only strings`;
    }
  }
  return undefined;
}

/**
 * Shape validation of client-spec section 5, without hashing or signature checks. Returns a
 * fresh event holding only the seven NIP-01 fields. Never throws, whatever the input.
 */
export function validateEvent(input: unknown): EventCheck {
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return fail('event must be an object');
    }
    const e = input as Record<string, unknown>;
    if (!isHex64(e.id)) return fail('id must be 64 lowercase hex');
    if (!isHex64(e.pubkey)) return fail('pubkey must be 64 lowercase hex');
    if (typeof e.kind !== 'number') return fail('kind must be a number');
    if (!isUint(e.kind)) return fail('kind must be a non-negative integer');
    if (typeof e.created_at !== 'number') return fail('created_at must be a number');
    if (!isUint(e.created_at)) return fail('created_at must be a non-negative integer');
    if (typeof e.content !== 'string') return fail('content must be a string');
    const tagProblem = tagsProblem(e.tags);
    if (tagProblem) return fail(tagProblem);
    if (typeof e.sig !== 'string') return fail('sig must be a string');
    const sigProblem = signatureRangeProblem(e.sig);
    if (sigProblem) return fail(sigProblem);
    const event: NostrEvent = {
      id: e.id,
      pubkey: e.pubkey,
      created_at: e.created_at,
      kind: e.kind,
      tags: (e.tags as string[][]).map((t) => t.slice()),
      content: e.content,
      sig: e.sig,
    };
    return { ok: true, event };
  } catch {
    // Getters or proxies on hostile input.
    return fail('event could not be read');
  }
}

/**
 * Full check: shape (as `validateEvent`), then the id ('bad id'), then the signature
 * ('bad signature'). Never throws.
 */
export function checkEvent(input: unknown): EventCheck {
  const shape = validateEvent(input);
  if (!shape.ok) return shape;
  const outcome = verifyEventDetailed(shape.event);
  return outcome === 'ok' ? shape : fail(outcome);
}
