import { schnorr } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { EventTemplate, NostrEvent, UnsignedEvent } from './types.ts';

const utf8 = new TextEncoder();
const ZERO_AUX = new Uint8Array(32);

/** NIP-01 canonical serialization: JSON of [0, pubkey, created_at, kind, tags, content]. */
export function serializeEvent(event: UnsignedEvent): string {
  return JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]);
}

/** The event id: lowercase hex sha256 of the canonical serialization. */
export function getEventHash(event: UnsignedEvent): string {
  return bytesToHex(sha256(utf8.encode(serializeEvent(event))));
}

/** 32 random bytes that form a valid secp256k1 secret key. */
export function generateSecretKey(): Uint8Array {
  return schnorr.utils.randomSecretKey();
}

/** The x-only public key (64 lowercase hex) of a 32-byte secret key. */
export function getPublicKey(secretKey: Uint8Array): string {
  return bytesToHex(schnorr.getPublicKey(secretKey));
}

function sign(
  template: EventTemplate,
  secretKey: Uint8Array,
  aux: Uint8Array | undefined,
): NostrEvent {
  const pubkey = getPublicKey(secretKey);
  const unsigned: UnsignedEvent = {
    kind: template.kind,
    created_at: template.created_at,
    tags: template.tags,
    content: template.content,
    pubkey,
  };
  const id = getEventHash(unsigned);
  const sig = bytesToHex(schnorr.sign(hexToBytes(id), secretKey, aux));
  return {
    id,
    pubkey,
    created_at: unsigned.created_at,
    kind: unsigned.kind,
    tags: unsigned.tags,
    content: unsigned.content,
    sig,
  };
}

/** Signs a template with fresh BIP-340 auxiliary randomness. */
export function finalizeEvent(template: EventTemplate, secretKey: Uint8Array): NostrEvent {
  return sign(template, secretKey, undefined);
}

/**
 * Signs with all-zero BIP-340 auxiliary randomness: the same template and key always give
 * the same signature (for seeded generators and reproducible fixtures).
 */
export function signEventDeterministic(template: EventTemplate, secretKey: Uint8Array): NostrEvent {
  return sign(template, secretKey, ZERO_AUX);
}

/** BIP-340 signature (hex) over a 32-byte message (hex); `auxRand` defaults to random. */
export function signSchnorr(message: string, secretKey: Uint8Array, auxRand?: Uint8Array): string {
  return bytesToHex(schnorr.sign(hexToBytes(message), secretKey, auxRand));
}
